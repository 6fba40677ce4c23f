import {
  type BillingFrequency,
  organisationPriceFrequencies,
  type PaymentMethodType,
} from '~/contracts/enums'
import { isFrequencyEnabled } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { prices } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
import { createFakeMember } from '~/server/seed/factories/member-factory.server'
import { addFakePaymentMethod } from '~/server/seed/factories/payment-method-factory.server'
import { createRandom, type Random } from '~/server/seed/random'
import { type CreatedOffering, createOffering } from '~/server/services/offerings/create-offering.server'
import {
  type AddPaymentMethodInput,
  addPaymentMethod,
  type PaymentMethod,
} from '~/server/services/payment-methods/add-payment-method.server'
import { createPrice, type Price } from '~/server/services/prices/create-price.server'
import {
  createSubscription,
  type Subscription,
} from '~/server/services/subscriptions/create-subscription.server'
import type { CreateMemberInput, Member } from '~/server/services/users/create-member.server'
import { testNow } from './clock'
import type { TestOrganisation } from './organisation-factory'

let members = 0

function randomFor(seed: string | undefined, kind: string): Random {
  members += 1
  return createRandom(seed ?? `${kind}-${members}`)
}

/** A member with realistic Auckland details at `gymId`. */
export async function createTestMember(options: {
  db: Db
  organisationId: number
  gymId: number
  now?: Date
  seed?: string
  overrides?: Partial<Omit<CreateMemberInput, 'organisationId'>>
}): Promise<Member> {
  const { db, organisationId, gymId, now = testNow, seed, overrides } = options
  return createFakeMember({
    db,
    random: randomFor(seed, 'test-member'),
    organisationId,
    homeGymId: gymId,
    area: 'ponsonby',
    now,
    overrides,
  })
}

/** A 24/7 offering at the given gyms with one price. */
export async function createTestPrice(options: {
  db: Db
  organisationId: number
  gymIds: number[]
  billingFrequency?: BillingFrequency
  amount?: number
  joiningFee?: number
  termAmount?: number
  termUnit?: 'week' | 'month' | 'year'
  private?: boolean
  now?: Date
}): Promise<{ offering: CreatedOffering; price: Price }> {
  const { db, organisationId, gymIds, now = testNow } = options
  const offering = await createOffering({
    db,
    organisationId,
    now,
    name: '24/7 Access',
    type: '24_7',
    gyms: gymIds,
  })
  const values = {
    organisationId,
    offeringId: offering.offering.id,
    amount: options.amount ?? 2500,
    billingFrequency: options.billingFrequency ?? 'weekly',
    joiningFee: options.joiningFee ?? 0,
    termAmount: options.termAmount ?? null,
    termUnit: options.termUnit ?? null,
    private: options.private ?? false,
  }
  // Daily, two-monthly and one-off prices are no longer sold (no organisation switch), but prices carried
  // over from an earlier system may have them and the engine bills them: tests write such rows directly.
  const sellable = isFrequencyEnabled({
    frequency: values.billingFrequency,
    enabled: organisationPriceFrequencies,
  })
  const price = sellable ? await createPrice({ db, now, ...values }) : await insertPrice({ db, now, values })
  return { offering, price }
}

async function insertPrice(options: {
  db: Db
  now: Date
  values: Omit<typeof prices.$inferInsert, 'createdAt' | 'updatedAt'>
}): Promise<Price> {
  const [row] = await options.db
    .insert(prices)
    .values({ ...options.values, createdAt: options.now, updatedAt: options.now })
    .returning()
  if (!row) throw new Error('Inserting the price returned no row')
  return row
}

export interface TestMembership {
  member: Member
  paymentMethod: PaymentMethod
  subscription: Subscription
}

/** A member with a payment method and a subscription to `priceId` starting on `startDate` (default today). */
export async function createTestMembership(options: {
  db: Db
  organisationId: number
  gymId: number
  priceId: number
  startDate?: string
  paymentMethodType?: PaymentMethodType
  now?: Date
  seed?: string
}): Promise<TestMembership> {
  const { db, organisationId, gymId, priceId, now = testNow } = options
  const random = randomFor(options.seed, 'test-membership')
  const member = await createFakeMember({
    db,
    random,
    organisationId,
    homeGymId: gymId,
    area: 'newmarket',
    now,
  })
  const paymentMethod = await addFakePaymentMethod({
    db,
    random,
    organisationId,
    userId: member.id,
    type: options.paymentMethodType ?? 'bank_account',
    gymId,
    now,
  })
  const subscription = await createSubscription({
    db,
    organisationId,
    userId: member.id,
    gymId,
    priceId,
    startDate: options.startDate ?? calendarDateAt(now),
    now,
  })
  return { member, paymentMethod, subscription }
}

/**
 * A payment method on the payment sandboxes (docs/sandbox-payments.md): a Visa card whose last four
 * decide how it answers, expiring in December of `expYear` (default 2030), or an "Everyday" bank
 * account whose number's suffix does. `makeDefault` as the service takes it. A card is saved at the
 * organisation's gym `atGym` (an index; default the member's gym); `acceptDemoBank` as the service takes it.
 */
export type SandboxPaymentMethod = { makeDefault?: boolean } & (
  | { card: string; expYear?: number; atGym?: number }
  | { bankAccount: string; acceptDemoBank?: boolean }
)

/** The service's input for a sandbox method; a card is saved at `gymId`. */
export function sandboxMethodInput(
  pays: SandboxPaymentMethod,
  gymId: number,
): AddPaymentMethodInput['method'] {
  if ('card' in pays) {
    return {
      type: 'stripe_card',
      gymId,
      brand: 'visa',
      lastFour: pays.card,
      expMonth: 12,
      expYear: pays.expYear ?? 2030,
      providerReference: sandboxCardReference(pays.card),
    }
  }
  return {
    type: 'bank_account',
    bankAccountNumber: pays.bankAccount,
    name: 'Everyday',
    providerReference: sandboxBankAccountReference(pays.bankAccount),
  }
}

/** Saves a sandbox method for member `userId`; a card at the gym `atGym` names, else `gymIndex` (default 0). */
export async function addSandboxPaymentMethod(options: {
  db: Db
  now: Date
  organisation: TestOrganisation
  userId: number
  pays: SandboxPaymentMethod
  gymIndex?: number
}): Promise<PaymentMethod> {
  const { db, now, organisation, userId, pays } = options
  const cardGym = 'card' in pays ? pays.atGym : undefined
  return addPaymentMethod({
    db,
    now,
    organisationId: organisation.organisation.id,
    userId,
    method: sandboxMethodInput(pays, testGym(organisation, cardGym ?? options.gymIndex).id),
    ...(pays.makeDefault === undefined ? {} : { makeDefault: pays.makeDefault }),
    ...('acceptDemoBank' in pays ? { acceptDemoBank: pays.acceptDemoBank } : {}),
  })
}

function testGym(organisation: TestOrganisation, index = 0) {
  const gym = organisation.gyms[index]
  if (!gym) throw new Error(`The organisation has no gym ${index}`)
  return gym
}

/**
 * A member of `organisation` at its gym `gymIndex` (default the first), paying by the sandbox methods
 * `pays` (added in order; none given, none added), subscribed to `priceId` from `startDate` through the
 * subscription service: nothing is charged until the engine runs. All made at `now`, by default midnight
 * UTC of `startDate` (the time billing tests "are" on a day).
 */
export async function createSubscribedTestMember(options: {
  db: Db
  organisation: TestOrganisation
  priceId: number
  startDate: string
  now?: Date
  gymIndex?: number
  pays?: SandboxPaymentMethod[]
  /** The member's details' seed (`createTestMember`). */
  seed?: string
}): Promise<{ member: Member; paymentMethods: PaymentMethod[]; subscription: Subscription }> {
  const { db, organisation, now = new Date(`${options.startDate}T00:00:00Z`) } = options
  const organisationId = organisation.organisation.id
  const gymId = testGym(organisation, options.gymIndex).id
  const member = await createTestMember({ db, organisationId, gymId, now, seed: options.seed })
  const paymentMethods: PaymentMethod[] = []
  for (const pays of options.pays ?? []) {
    paymentMethods.push(
      await addSandboxPaymentMethod({
        db,
        now,
        organisation,
        userId: member.id,
        pays,
        gymIndex: options.gymIndex,
      }),
    )
  }
  const subscription = await createSubscription({
    db,
    now,
    organisationId,
    userId: member.id,
    gymId,
    priceId: options.priceId,
    startDate: options.startDate,
  })
  return { member, paymentMethods, subscription }
}

/** `createTestPrice` at every gym of `organisation` (or the gyms `gymIndexes` name). */
export function createTestPriceFor(
  options: Omit<Parameters<typeof createTestPrice>[0], 'organisationId' | 'gymIds'> & {
    organisation: TestOrganisation
    gymIndexes?: number[]
  },
): Promise<{ offering: CreatedOffering; price: Price }> {
  const { organisation, gymIndexes, ...rest } = options
  const gyms = gymIndexes ? gymIndexes.map((index) => testGym(organisation, index)) : organisation.gyms
  return createTestPrice({
    ...rest,
    organisationId: organisation.organisation.id,
    gymIds: gyms.map((gym) => gym.id),
  })
}

/**
 * A new price at the organisation's gym `gymIndex` (default the first; `createTestPrice`'s defaults) and a
 * member holding it from `startDate` (`createTestMembership`).
 */
export async function createTestMembershipOnNewPrice(options: {
  db: Db
  organisation: TestOrganisation
  startDate: string
  now?: Date
  gymIndex?: number
}): Promise<TestMembership & { price: Price }> {
  const { db, organisation, startDate, now, gymIndex = 0 } = options
  const { price } = await createTestPriceFor({ db, organisation, gymIndexes: [gymIndex], now })
  const membership = await createTestMembership({
    db,
    organisationId: organisation.organisation.id,
    gymId: testGym(organisation, gymIndex).id,
    priceId: price.id,
    startDate,
    now,
  })
  return { ...membership, price }
}
