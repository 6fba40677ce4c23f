import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import type { CalendarDateString } from '~/server/billing/calendar'
import { createFakeMember } from '~/server/seed/factories/member-factory.server'
import type { Random } from '~/server/seed/random'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import type { CreateMemberInput } from '~/server/services/users/create-member.server'
import { addSandboxPaymentMethod } from './add-sandbox-payment-method.server'
import type {
  MethodOutcome,
  SimulatedMember,
  SimulationGym,
  SimulationOrganisation,
  SimulationPrice,
} from './types'

/**
 * A member joins through the services: their details (`createMember`), a payment method
 * (`addPaymentMethod`) and the membership (`createMembership`, which also creates the first payment,
 * due on the start date, for the billing run to charge). A member from before the simulation
 * (`firstPayment: false`) gets the subscription alone (`createSubscription`): later periods' payments
 * are the engine's.
 */
export async function signUpMember(options: {
  db: Db
  organisation: SimulationOrganisation
  random: Random
  now: Date
  startDate: CalendarDateString
  methodType: PaymentMethodType
  methodOutcome: MethodOutcome
  firstPayment: boolean
  gym?: SimulationGym
  price?: SimulationPrice
  overrides?: Partial<Omit<CreateMemberInput, 'organisationId'>>
}): Promise<SimulatedMember> {
  const { db, organisation, random, now, startDate } = options
  const { organisationId } = organisation
  const gym = options.gym ?? random.weighted(organisation.gyms.map((item) => [item, item.weight] as const))
  const { price } =
    options.price ?? random.weighted(organisation.prices.map((item) => [item, item.weight] as const))

  const member = await createFakeMember({
    db,
    random,
    organisationId,
    homeGymId: gym.id,
    area: gym.area,
    now,
    usedEmails: organisation.usedEmails,
    overrides: options.overrides,
  })
  await addSandboxPaymentMethod({
    db,
    random,
    organisationId,
    userId: member.id,
    gymId: gym.id,
    type: options.methodType,
    outcome: options.methodOutcome,
    makeDefault: true,
    now,
  })
  const membership = {
    db,
    now,
    organisationId,
    userId: member.id,
    gymId: gym.id,
    priceId: price.id,
    startDate,
  }
  // A new member's first payment (first period plus joining fee) comes with the membership; a member
  // from before the simulation paid their earlier periods before it began.
  const subscription = options.firstPayment
    ? await createMembership(membership)
    : await createSubscription(membership)

  return {
    organisation,
    userId: member.id,
    subscriptionId: subscription.id,
    gymId: gym.id,
    random: random.fork('behaviour'),
    live: true,
    recoverOn: null,
    reactedTo: new Set(),
  }
}
