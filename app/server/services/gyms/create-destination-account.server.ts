import { and, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { destinationAccounts, gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { normaliseNzBankAccountNumber } from '../payment-methods/nz-bank-account-number'
import { idSchema, notFound, parseInput } from '../service-input.server'

export type DestinationAccount = typeof destinationAccounts.$inferSelect

const inputSchema = z.object({
  organisationId: idSchema,
  gymId: idSchema,
  name: z.string().trim().min(1).max(120),
  bankAccountNumber: z
    .string()
    .trim()
    .min(1)
    .transform((value, context) => {
      const normalised = normaliseNzBankAccountNumber(value)
      if (!normalised) {
        context.addIssue({
          code: 'custom',
          message: 'Enter a New Zealand bank account number (00-0000-0000000-00).',
        })
        return z.NEVER
      }
      return normalised
    }),
})

export type CreateDestinationAccountInput = z.input<typeof inputSchema>

/** The bank account a gym's bank-account payments are paid into (SPEC §3 destination_account). */
export async function createDestinationAccount(
  options: CreateDestinationAccountInput & { db: Db; now: Date },
): Promise<DestinationAccount> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)

  const [gym] = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(eq(gyms.id, input.gymId), eq(gyms.organisationId, input.organisationId)))
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
