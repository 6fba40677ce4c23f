import { and, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { paymentMethods, users } from '~/db/schema'
import { nzBankAccountNumberSchema } from '~/lib/nz-bank-account'
import { z } from '~/lib/validation'
import { calendarDateAt } from '~/server/billing/calendar'
import { assertOrganisationGyms } from '../gyms/assert-organisation-gyms.server'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'

export type PaymentMethod = typeof paymentMethods.$inferSelect

const bankAccountSchemaFor = (acceptDemoBank: boolean) =>
  z.object({
    type: z.literal('bank_account'),
    bankAccountNumber: nzBankAccountNumberSchema({ acceptDemoBank }),
    /** The account's name as the bank reports it, e.g. "Everyday". */
    name: z.string().trim().min(1).max(120),
    status: z.string().min(1).max(40).default('active'),
    /** Open-banking account id (`acc_…`). */
    providerReference: z.string().min(1).nullish(),
    meta: z.record(z.string(), z.unknown()).default({}),
  })

// Deliberately no card-number field: card numbers never reach this server (DESIGN §6), only the
// provider's reference and the display details the provider returns.
const cardSchema = z.object({
  type: z.literal('stripe_card'),
  /** Cards are saved on a gym's own card-provider account, so a card is only usable at that gym. */
  gymId: idSchema,
  brand: z.string().trim().min(1).max(30),
  lastFour: z.string().regex(/^\d{4}$/, 'Value must be the last four digits of the card'),
  expMonth: z.int().min(1).max(12),
  expYear: z.int().min(2000).max(2100),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Value must be a two-letter country code')
    .nullish(),
  /** Card-provider payment method (`pm_…`) and customer (`cus_…`). */
  providerReference: z.string().min(1).nullish(),
  providerCustomerReference: z.string().min(1).nullish(),
  /** The gym's connected card account (`acct_…`) the customer and card live on: kept with them. */
  providerAccountReference: z.string().min(1).nullish(),
  meta: z.record(z.string(), z.unknown()).default({}),
})

function inputSchemaFor(acceptDemoBank: boolean) {
  return z.object({
    organisationId: idSchema,
    userId: idSchema,
    method: z.discriminatedUnion('type', [bankAccountSchemaFor(acceptDemoBank), cardSchema]),
    /** Make it the member's default method; a member's first method always becomes the default. */
    makeDefault: z.boolean().default(false),
  })
}

const inputSchemas = { real: inputSchemaFor(false), sandbox: inputSchemaFor(true) }

export type AddPaymentMethodInput = z.input<typeof inputSchemas.real> & {
  /** Akahu's Demo Bank (bank 99) is accepted only while bank payments go through the sandbox. */
  acceptDemoBank?: boolean
}

/** Saves a member's bank account or card (SPEC §3 Payment method). */
export async function addPaymentMethod(
  options: AddPaymentMethodInput & { db: Db; now: Date },
): Promise<PaymentMethod> {
  const { db, now, acceptDemoBank, ...rest } = options
  const input = parseInput(acceptDemoBank ? inputSchemas.sandbox : inputSchemas.real, rest)
  const { method } = input

  const [user] = await db
    .select({ id: users.id, defaultPaymentMethodId: users.defaultPaymentMethodId })
    .from(users)
    .where(and(eq(users.id, input.userId), ownedBy(users, input.organisationId), isNull(users.deletedAt)))
  if (!user) throw notFound('Member')

  if (method.type === 'stripe_card') {
    // A card is expired once its expiry month is over.
    const [year = 0, month = 0] = calendarDateAt(now).split('-').map(Number)
    if (method.expYear < year || (method.expYear === year && method.expMonth < month)) {
      throw validationError('method.expYear', 'The card has expired.')
    }
    await assertOrganisationGyms({
      db,
      organisationId: input.organisationId,
      gymIds: [method.gymId],
      field: 'method.gym_id',
    })
  }

  const common = {
    organisationId: input.organisationId,
    userId: input.userId,
    type: method.type,
    providerReference: method.providerReference ?? null,
    meta: method.meta,
    createdAt: now,
    updatedAt: now,
  }
  const values =
    method.type === 'bank_account'
      ? { ...common, bankAccountNumber: method.bankAccountNumber, name: method.name, status: method.status }
      : {
          ...common,
          gymId: method.gymId,
          brand: method.brand,
          lastFour: method.lastFour,
          expMonth: method.expMonth,
          expYear: method.expYear,
          country: method.country ?? null,
          providerCustomerReference: method.providerCustomerReference ?? null,
          providerAccountReference: method.providerAccountReference ?? null,
        }

  return db.transaction(async (tx) => {
    const [paymentMethod] = await tx.insert(paymentMethods).values(values).returning()
    if (!paymentMethod) throw new Error('Inserting the payment method returned no row')
    if (input.makeDefault || user.defaultPaymentMethodId === null) {
      await tx
        .update(users)
        .set({ defaultPaymentMethodId: paymentMethod.id, updatedAt: now })
        .where(eq(users.id, input.userId))
    }
    return paymentMethod
  })
}
