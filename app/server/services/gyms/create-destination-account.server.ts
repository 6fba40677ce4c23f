import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { destinationAccounts, gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { nzBankAccountNumberSchema } from '~/lib/nz-bank-account'
import { z } from '~/lib/validation'
import { idSchema, notFound, parseInput } from '../service-input.server'

export type DestinationAccount = typeof destinationAccounts.$inferSelect

function inputSchemaFor(acceptDemoBank: boolean) {
  return z.object({
    organisationId: idSchema,
    gymId: idSchema,
    name: z.string().trim().min(1).max(120),
    bankAccountNumber: nzBankAccountNumberSchema({ acceptDemoBank }),
  })
}

const inputSchemas = { real: inputSchemaFor(false), sandbox: inputSchemaFor(true) }

export type CreateDestinationAccountInput = z.input<typeof inputSchemas.real> & {
  /** Akahu's Demo Bank (bank 99) is accepted only while bank payments go through the sandbox. */
  acceptDemoBank?: boolean
}

/** The bank account a gym's bank-account payments are paid into (SPEC §3 destination_account). */
export async function createDestinationAccount(
  options: CreateDestinationAccountInput & { db: Db; now: Date },
): Promise<DestinationAccount> {
  const { db, now, acceptDemoBank, ...rest } = options
  const input = parseInput(acceptDemoBank ? inputSchemas.sandbox : inputSchemas.real, rest)

  const [gym] = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.id, input.gymId), ownedBy(gyms, input.organisationId)))
  if (!gym) throw notFound('Gym')
  // A gym has one destination account (SPEC §3); changing it is an edit, not a second account.
  const [existing] = await db
    .select({ id: destinationAccounts.id })
    .from(destinationAccounts)
    .where(eq(destinationAccounts.gymId, input.gymId))
  if (existing) throw new AppError('CONFLICT', 'This gym already has a destination account.')

  const [account] = await db
    .insert(destinationAccounts)
    .values({
      organisationId: input.organisationId,
      gymId: input.gymId,
      name: input.name,
      bankAccountNumber: input.bankAccountNumber,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!account) throw new Error('Inserting the destination account returned no row')
  return account
}
