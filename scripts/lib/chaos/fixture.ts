import { sql } from 'drizzle-orm'
import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { addDays, type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { addSandboxPaymentMethod } from '~/server/billing/simulation/add-sandbox-payment-method.server'
import { createSimulationOrganisation } from '~/server/billing/simulation/create-simulation-organisation.server'
import { signUpMember } from '~/server/billing/simulation/sign-up-member.server'
import type { MethodOutcome, SimulationOrganisation } from '~/server/billing/simulation/types'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { createFakeMember } from '~/server/seed/factories/member-factory.server'
import { createRandom } from '~/server/seed/random'
import {
  connectDoorSystem,
  findDoorPlaces,
  linkGymPlace,
} from '~/server/services/door-access/door-system.server'

/** The first simulated billing day of the billing fixture; its members start over the week from it. */
export const FIRST_DAY: CalendarDateString = '2026-03-02'

/** What the chaos runs need to know of the organisation a template holds. */
export interface ChaosOrganisation {
  organisationId: number
  gymUuid: string
  /** The weekly price a person joining on the join site chooses. */
  joinPriceId: number
  simulation: SimulationOrganisation
}

/**
 * The base of every chaos database: the simulation's organisation (three gyms, prices, card surcharge)
 * with the sandbox door system connected and each gym linked to its place, so a payment opens doors.
 */
export async function createChaosOrganisation(db: Db, seed: string): Promise<ChaosOrganisation> {
  const random = createRandom(`chaos-organisation-${seed}`)
  const now = instantAt(addDays(FIRST_DAY, -30), '09:00')
  const simulation = await createSimulationOrganisation({
    db,
    random,
    now,
    name: 'Chaos Fitness',
    slug: 'chaos',
  })
  const { organisationId } = simulation
  const [firstGym] = simulation.gyms
  if (!firstGym) throw new Error('The organisation has no gym')
  // The door system is connected by someone: an account of the organisation's, for the audit line.
  const actor = await createFakeMember({
    db,
    random: random.fork('door-admin'),
    organisationId,
    homeGymId: firstGym.id,
    area: firstGym.area,
    now,
    usedEmails: simulation.usedEmails,
  })
  const providers = createDoorProviders({ db })
  await connectDoorSystem({
    db,
    providers,
    organisationId,
    type: 'sandbox',
    credentials: {},
    actorId: actor.id,
    now,
  })
  const places = await findDoorPlaces({ db, providers, organisationId })
  for (const gym of simulation.gyms) {
    const place = places.find((candidate) => candidate.name === gym.name)
    if (!place) throw new Error(`No sandbox place for ${gym.name}`)
    await linkGymPlace({
      db,
      providers,
      organisationId,
      gymId: gym.id,
      placeId: place.id,
      actorId: actor.id,
      now,
    })
  }
  const weekly = simulation.prices.find(({ price }) => price.billingFrequency === 'weekly')
  if (!weekly) throw new Error('The organisation has no weekly price')
  const uuid = await db.execute<{ uuid: string }>(sql`select uuid from gyms where id = ${firstGym.id}`)
  return {
    organisationId,
    gymUuid: uuid.rows[0]?.uuid ?? '',
    joinPriceId: weekly.price.id,
    simulation,
  }
}

/** Each member's method by their number: most cards take the money; some cards and accounts fail. */
function methodOf(index: number): { type: PaymentMethodType; outcome: MethodOutcome } {
  const slot = index % 10
  if (slot <= 4) return { type: 'stripe_card', outcome: 'succeeds' }
  if (slot <= 6) return { type: 'stripe_card', outcome: 'fails' }
  if (slot <= 8) return { type: 'bank_account', outcome: 'succeeds' }
  return { type: 'bank_account', outcome: 'fails' }
}

/**
 * The billing fixture on top of the base: `count` members on weekly and fortnightly prices, starting on
 * each day of FIRST_DAY's week (so every simulated day has first payments, renewals and retries), paying
 * by card or bank account, some of which fail every charge.
 */
export async function addBillingMembers(
  db: Db,
  organisation: ChaosOrganisation,
  count: number,
  seed: string,
) {
  const random = createRandom(`chaos-members-${seed}`)
  const recurring = organisation.simulation.prices.filter(({ price }) =>
    ['weekly', 'fortnightly'].includes(price.billingFrequency),
  )
  for (let index = 0; index < count; index += 1) {
    const startDate = addDays(FIRST_DAY, index % 7)
    const method = methodOf(index)
    const member = await signUpMember({
      db,
      organisation: organisation.simulation,
      random: random.fork(`member-${index}`),
      now: instantAt(addDays(FIRST_DAY, -7), '12:00'),
      startDate,
      methodType: method.type,
      methodOutcome: method.outcome,
      firstPayment: true,
      price: recurring[index % recurring.length],
    })
    // Every fifth member with a failing method saved a good card too, which is not their default.
    if (method.outcome === 'fails' && index % 5 === 0) {
      await addSandboxPaymentMethod({
        db,
        random: random.fork(`second-card-${index}`),
        organisationId: organisation.organisationId,
        userId: member.userId,
        gymId: member.gymId,
        type: 'stripe_card',
        outcome: 'succeeds',
        makeDefault: false,
        now: instantAt(addDays(FIRST_DAY, -7), '12:00'),
      })
    }
  }
}
