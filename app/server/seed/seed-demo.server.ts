import { eq, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { demoSeed, organisations } from '~/db/schema'
import type { PaymentMethodType } from '~/db/schema/enums'
import { hashPassword } from '~/server/auth/password.server'
import {
  addDays,
  addMonths,
  type CalendarDateString,
  calendarDateAt,
  instantAt,
} from '~/server/billing/calendar'
import type { SimulationOrganisation } from '~/server/billing/simulation/types'
import { logger } from '~/server/logger.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { createPrice, type Price } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { recordVisits } from '~/server/services/visits/record-visits.server'
import { type DemoHistoryStats, runDemoHistory } from './demo-history'
import {
  createDemoMember,
  type DemoGym,
  type DemoMemberSpec,
  type DemoOrganisation,
  type DemoPrice,
  type DemoState,
  demoStates,
} from './demo-members.server'
import { createFakeGym } from './factories/gym-factory.server'
import { createRandom, type Random } from './random'

/**
 * The demo data set: two organisations with a year of history, all relative to `now` so the demo always
 * looks current, and deterministic for a given `now` (secret tokens, gym uuids and password salts aside).
 * Everything goes through the domain services, so the demo is data the product itself could have made.
 */

/** Every demo sign-in uses this password; it is documented in the README, not a secret. */
export const DEMO_PASSWORD = 'gymbase-demo'
export const DEMO_ORGANISATION_SLUG = 'demo-fitness'
export const DEMO_ORGANISATION_NAME = 'Demo Fitness'
export const HARBOUR_ORGANISATION_NAME = 'Harbour Strength'

export const demoSignIns = {
  owner: 'owner@demo.gymbase.nz',
  manager: 'manager@demo.gymbase.nz',
  regional: 'regional@demo.gymbase.nz',
  trainer: 'trainer@demo.gymbase.nz',
  member: 'member@demo.gymbase.nz',
  harbourOwner: 'owner@harbour.gymbase.nz',
} as const

// Arbitrary, fixed: the key of the advisory lock that lets only one process seed an empty database.
const SEED_LOCK_KEY = 7_310_001

export interface SeedDemoResult {
  demoFitnessId: number
  harbourStrengthId: number
  /** The billing engine's run through the year of history. */
  history: DemoHistoryStats
}

interface SeedContext {
  db: Db
  now: Date
  today: CalendarDateString
  /** The first day of the engine-made history: twelve months back. */
  historyFrom: CalendarDateString
  random: Random
  passwordHash: string
}

/** Member counts per state for Demo Fitness (320 + the demo member = 321 members). */
const demoFitnessStates: Record<DemoState, number> = {
  active: 214,
  term: 15,
  cooling_off: 3,
  paused: 12,
  paused_future: 8,
  cancelled_undoable: 10,
  cancelled_past: 30,
  grace: 12,
  upcoming: 10,
  price_change: 6,
}

const harbourStrengthStates: Record<DemoState, number> = {
  active: 9,
  term: 0,
  cooling_off: 0,
  paused: 1,
  paused_future: 0,
  cancelled_undoable: 0,
  cancelled_past: 2,
  grace: 1,
  upcoming: 1,
  price_change: 0,
}

function instantDaysAgo(today: CalendarDateString, days: number, time = '09:00'): Date {
  return instantAt(addDays(today, -days), time)
}

function shuffledStates(random: Random, counts: Record<DemoState, number>): DemoState[] {
  return random.shuffle(demoStates.flatMap((state) => Array.from({ length: counts[state] }, () => state)))
}

function paymentMethodsFor(random: Random): PaymentMethodType[] {
  // Two in three pay by bank account (cheaper for the gym); a few keep a card on file as well.
  if (random.chance(0.65)) return random.chance(0.1) ? ['bank_account', 'stripe_card'] : ['bank_account']
  return random.chance(0.1) ? ['stripe_card', 'bank_account'] : ['stripe_card']
}

/** What the doors recorded: visits are planned per member and written in batches. */
async function writeVisits(organisation: DemoOrganisation): Promise<void> {
  const { db, organisationId, now } = organisation
  await recordVisits({ db, now, organisationId, visits: organisation.visits })
}

function simulationOf(options: {
  organisationId: number
  organisation: { cardSurchargeBasisPoints: number; cardSurchargeFixed: number }
  gyms: DemoGym[]
  prices: Record<string, DemoPrice>
  staffUserId: number
  usedEmails: Set<string>
}): SimulationOrganisation {
  return {
    organisationId: options.organisationId,
    gyms: options.gyms,
    prices: Object.values(options.prices).map(({ price }) => ({ price, weight: 1 })),
    surcharge: {
      cardSurchargeBasisPoints: options.organisation.cardSurchargeBasisPoints,
      cardSurchargeFixed: options.organisation.cardSurchargeFixed,
    },
    staffUserId: options.staffUserId,
    usedEmails: options.usedEmails,
  }
}

async function seedDemoFitness(context: SeedContext): Promise<DemoOrganisation> {
  const { db, now, today, passwordHash } = context
  const random = context.random.fork('demo-fitness')
  const founded = instantDaysAgo(today, 1130)

  const organisation = await createOrganisation({
    db,
    now: founded,
    name: DEMO_ORGANISATION_NAME,
    slug: DEMO_ORGANISATION_SLUG,
    multiGym: true,
    failedPaymentGracePeriod: 14,
    failedPaymentGracePeriodUnit: 'day',
    termMembershipGracePeriod: 1,
    termMembershipGracePeriodUnit: 'month',
    cardSurchargeBasisPoints: 250,
    generalCardSurchargeText:
      'Card payments include a 2.5% surcharge. Bank account payments have no surcharge.',
  })
  const organisationId = organisation.id

  const gymPlan = [
    { name: 'Ponsonby', area: 'ponsonby', weight: 42 },
    { name: 'Newmarket', area: 'newmarket', weight: 33 },
    { name: 'Takapuna', area: 'takapuna', weight: 25 },
  ]
  const gyms: DemoGym[] = []
  for (const plan of gymPlan) {
    const { gym } = await createFakeGym({
      db,
      random: random.fork(`gym:${plan.name}`),
      organisationId,
      name: plan.name,
      accountName: `Demo Fitness ${plan.name}`,
      now: founded,
    })
    gyms.push({ id: gym.id, name: gym.name, area: plan.area, weight: plan.weight })
  }
  const [ponsonby, newmarket, takapuna] = gyms
  if (!ponsonby || !newmarket || !takapuna) throw new Error('The three demo gyms were not created')

  const staffCommon = {
    db,
    organisationId,
    passwordHash,
    emailVerified: true,
    accessEnabled: true,
    now: founded,
  }
  const owner = await createStaffUser({
    ...staffCommon,
    name: 'Rachel Walker',
    email: demoSignIns.owner,
    mobileNumber: '021 455 7120',
    organisationRole: 'admin',
    gymRoles: gyms.map((gym) => ({ gymId: gym.id, role: 'admin' as const })),
  })
  await createStaffUser({
    ...staffCommon,
    name: 'Tom Harris',
    email: demoSignIns.manager,
    mobileNumber: '022 318 6642',
    organisationRole: null,
    gymRoles: [{ gymId: ponsonby.id, role: 'admin' }],
  })
  await createStaffUser({
    ...staffCommon,
    name: 'Sione Taufa',
    email: demoSignIns.regional,
    mobileNumber: '027 902 4418',
    organisationRole: null,
    gymRoles: [
      { gymId: newmarket.id, role: 'admin' },
      { gymId: takapuna.id, role: 'admin' },
    ],
  })
  await createStaffUser({
    ...staffCommon,
    name: 'Jess McKenzie',
    email: demoSignIns.trainer,
    mobileNumber: '021 774 0395',
    organisationRole: null,
    gymRoles: [{ gymId: ponsonby.id, role: 'personal_trainer' }],
  })
  // Trainers without a sign-in of their own, so the staff list is not only the demo accounts.
  for (const [name, email, gym] of [
    ['Arjun Patel', 'arjun.patel@demo.gymbase.nz', newmarket],
    ['Mele Fonoti', 'mele.fonoti@demo.gymbase.nz', takapuna],
  ] as const) {
    await createStaffUser({
      db,
      organisationId,
      name,
      email,
      emailVerified: true,
      organisationRole: null,
      gymRoles: [{ gymId: gym.id, role: 'personal_trainer' }],
      now: instantDaysAgo(today, 400),
    })
  }

  const allGymIds = gyms.map((gym) => gym.id)
  const anytime = await createOffering({
    db,
    organisationId,
    now: founded,
    name: '24/7 Access',
    description: 'Train whenever suits you, at any Demo Fitness gym, day or night.',
    type: '24_7',
    gyms: allGymIds,
  })
  const offPeak = await createOffering({
    db,
    organisationId,
    now: founded,
    name: 'Off-Peak',
    description: 'Weekdays 9 am to 4 pm and weekends 8 am to 6 pm, at a lower price.',
    type: 'limited_access',
    gyms: allGymIds,
    hoursMandated: true,
    hours: [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, openAt: '09:00', closeAt: '16:00' })),
      ...[6, 7].map((day) => ({ day, openAt: '08:00', closeAt: '18:00' })),
    ],
  })
  const priceCommon = { db, organisationId, now: founded }
  const anytimeId = anytime.offering.id
  const offPeakId = offPeak.offering.id
  const demoPrice = (
    price: Price,
    offeringType: DemoPrice['offeringType'],
    changesTo?: string,
  ): DemoPrice => ({ price, offeringType, changesTo })
  const prices: Record<string, DemoPrice> = {
    anytimeWeekly: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: anytimeId,
        amount: 1899,
        billingFrequency: 'weekly',
        joiningFee: 4900,
      }),
      '24_7',
      'offPeakWeekly',
    ),
    anytimeFortnightly: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: anytimeId,
        amount: 3699,
        billingFrequency: 'fortnightly',
        joiningFee: 4900,
      }),
      '24_7',
    ),
    anytimeMonthly: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: anytimeId,
        amount: 7900,
        billingFrequency: 'monthly',
        joiningFee: 4900,
      }),
      '24_7',
      'offPeakMonthly',
    ),
    // The commitment price: cheaper, no joining fee, 12 months.
    anytimeTerm: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: anytimeId,
        amount: 6900,
        billingFrequency: 'monthly',
        termAmount: 12,
        termUnit: 'month',
      }),
      '24_7',
    ),
    corporate: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: anytimeId,
        amount: 1499,
        billingFrequency: 'weekly',
        private: true,
      }),
      '24_7',
    ),
    offPeakWeekly: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: offPeakId,
        amount: 1299,
        billingFrequency: 'weekly',
        joiningFee: 2900,
      }),
      'limited_access',
      'anytimeWeekly',
    ),
    offPeakMonthly: demoPrice(
      await createPrice({
        ...priceCommon,
        offeringId: offPeakId,
        amount: 5200,
        billingFrequency: 'monthly',
        joiningFee: 2900,
      }),
      'limited_access',
      'anytimeMonthly',
    ),
  }
  // An unused private link for staff to hand out (members on the corporate price each used their own).
  const corporatePrice = prices.corporate?.price
  if (!corporatePrice) throw new Error('The corporate price was not created')
  await createPrivatePriceLink({
    db,
    organisationId,
    priceId: corporatePrice.id,
    createdByUserId: owner.user.id,
    now: instantDaysAgo(today, 3),
  })

  const usedEmails = new Set<string>(Object.values(demoSignIns))
  const demo: DemoOrganisation = {
    db,
    random,
    organisationId,
    simulation: simulationOf({
      organisationId,
      organisation,
      gyms,
      prices,
      staffUserId: owner.user.id,
      usedEmails,
    }),
    gyms,
    prices,
    staffUserId: owner.user.id,
    now,
    today,
    historyFrom: context.historyFrom,
    usedEmails,
    events: [],
    visits: [],
  }

  // The member sign-in: active monthly at Ponsonby since about eight months ago, anchored on a day every
  // month has, with a photo, a bank account and a card.
  let memberStart = addDays(today, -245)
  while (Number(memberStart.slice(8)) > 28) memberStart = addDays(memberStart, -1)
  await createDemoMember(demo, {
    label: 'member-sign-in',
    state: 'active',
    priceKey: 'anytimeMonthly',
    methods: ['bank_account', 'stripe_card'],
    gym: ponsonby,
    startDate: memberStart,
    reliable: true,
    overrides: {
      name: 'Aroha Ngata',
      email: demoSignIns.member,
      passwordHash,
      emailVerified: true,
      profilePicture: 'profile-pictures/demo/aroha-ngata.jpg',
      mobileNumber: '021 612 3390',
    },
  })

  const flexiPrices = [
    ['anytimeWeekly', 28],
    ['anytimeFortnightly', 16],
    ['anytimeMonthly', 26],
    ['offPeakWeekly', 10],
    ['offPeakMonthly', 10],
    ['corporate', 6],
  ] as const
  // Prices with a counterpart of the same frequency, for members whose price staff change.
  const changeablePrices = [
    ['anytimeWeekly', 1],
    ['anytimeMonthly', 2],
    ['offPeakWeekly', 1],
    ['offPeakMonthly', 1],
  ] as const
  for (const [index, state] of shuffledStates(random.fork('states'), demoFitnessStates).entries()) {
    const memberRandom = random.fork(`plan:${index}`)
    const spec: DemoMemberSpec = {
      label: `member:${index}`,
      state,
      priceKey:
        state === 'term' || state === 'cooling_off'
          ? 'anytimeTerm'
          : state === 'price_change'
            ? memberRandom.weighted(changeablePrices)
            : memberRandom.weighted(flexiPrices),
      methods: paymentMethodsFor(memberRandom),
    }
    await createDemoMember(demo, spec)
  }
  return demo
}

async function seedHarbourStrength(context: SeedContext): Promise<DemoOrganisation> {
  const { db, now, today, passwordHash } = context
  const random = context.random.fork('harbour-strength')
  const founded = instantDaysAgo(today, 700)
  const organisation = await createOrganisation({
    db,
    now: founded,
    name: HARBOUR_ORGANISATION_NAME,
    multiGym: false,
  })
  const organisationId = organisation.id
  const { gym } = await createFakeGym({
    db,
    random,
    organisationId,
    name: 'Harbour Strength Wynyard',
    now: founded,
  })
  const owner = await createStaffUser({
    db,
    organisationId,
    name: 'Ben Robertson',
    email: demoSignIns.harbourOwner,
    passwordHash,
    emailVerified: true,
    accessEnabled: true,
    mobileNumber: '021 338 2071',
    organisationRole: 'admin',
    gymRoles: [{ gymId: gym.id, role: 'admin' }],
    now: founded,
  })
  const strength = await createOffering({
    db,
    organisationId,
    now: founded,
    name: 'Strength 24/7',
    description: 'Barbells, platforms and racks around the clock.',
    type: '24_7',
    gyms: [gym.id],
  })
  const priceCommon = { db, organisationId, now: founded, offeringId: strength.offering.id }
  const gyms = [{ id: gym.id, name: gym.name, area: 'wynyard', weight: 1 }]
  const prices: Record<string, DemoPrice> = {
    weekly: {
      price: await createPrice({ ...priceCommon, amount: 2400, billingFrequency: 'weekly' }),
      offeringType: '24_7',
    },
    monthly: {
      price: await createPrice({ ...priceCommon, amount: 9500, billingFrequency: 'monthly' }),
      offeringType: '24_7',
    },
  }
  const usedEmails = new Set<string>([demoSignIns.harbourOwner])
  const demo: DemoOrganisation = {
    db,
    random,
    organisationId,
    simulation: simulationOf({
      organisationId,
      organisation,
      gyms,
      prices,
      staffUserId: owner.user.id,
      usedEmails,
    }),
    gyms,
    prices,
    staffUserId: owner.user.id,
    now,
    today,
    historyFrom: context.historyFrom,
    usedEmails,
    events: [],
    visits: [],
  }
  for (const [index, state] of shuffledStates(random.fork('states'), harbourStrengthStates).entries()) {
    const memberRandom = random.fork(`plan:${index}`)
    await createDemoMember(demo, {
      label: `member:${index}`,
      state,
      priceKey: memberRandom.chance(0.6) ? 'weekly' : 'monthly',
      methods: paymentMethodsFor(memberRandom),
    })
  }
  return demo
}

interface DemoSetup {
  demoFitness: DemoOrganisation
  harbourStrength: DemoOrganisation
  historyFrom: CalendarDateString
}

/** Organisations, staff, offerings, members and their visits; their later changes queued as events. */
async function setUpDemo(db: Db, now: Date): Promise<DemoSetup> {
  // Hashed once for all six sign-ins: argon2id is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const today = calendarDateAt(now)
  const context: SeedContext = {
    db,
    now,
    today,
    historyFrom: addMonths(today, -12),
    random: createRandom('gymbase-demo'),
    passwordHash,
  }
  const demoFitness = await seedDemoFitness(context)
  const harbourStrength = await seedHarbourStrength(context)
  await writeVisits(demoFitness)
  await writeVisits(harbourStrength)
  return { demoFitness, harbourStrength, historyFrom: context.historyFrom }
}

/**
 * Every payment and charge attempt of the year comes from the billing engine, run day by day from
 * twelve months ago to now, outside the set-up transaction: it commits as it goes, as in production.
 */
async function makeHistory(db: Db, now: Date, setup: DemoSetup): Promise<SeedDemoResult> {
  const { demoFitness, harbourStrength } = setup
  const history = await runDemoHistory({
    db,
    from: setup.historyFrom,
    now,
    events: [...demoFitness.events, ...harbourStrength.events],
  })
  await db.update(demoSeed).set({ historyCompletedAt: now })
  return {
    demoFitnessId: demoFitness.organisationId,
    harbourStrengthId: harbourStrength.organisationId,
    history,
  }
}

/** The set-up, and the mark that the history is still to come (`demo_seed`). */
async function setUpDemoMarked(tx: Db, now: Date): Promise<DemoSetup> {
  const setup = await setUpDemo(tx, now)
  await tx.insert(demoSeed).values({ setUpAt: now })
  return setup
}

/**
 * Seeds the demo data set: the set-up in one transaction (which fails if Demo Fitness already exists: its
 * slug is taken), then the year of history from the billing engine.
 */
export async function seedDemo(options: { db: Db; now: Date }): Promise<SeedDemoResult> {
  const setup = await options.db.transaction((tx) => setUpDemoMarked(tx, options.now))
  return makeHistory(options.db, options.now, setup)
}

/**
 * Seeds the demo data when the database has no organisation at all (a fresh embedded database), and
 * does nothing otherwise. An advisory lock makes a concurrent second caller wait for the set-up and then
 * find the organisations (while the first may still be making the history).
 *
 * A database whose demo history was cut off (the first start stopped while making it: the server only
 * listens once the seed is done, so nothing but the demo can be in it) is emptied and seeded again.
 * That reading holds for what this is for, the embedded database at boot: one process opens it at a
 * time and boots once, so an unfinished history is never one still being made.
 */
export async function seedDemoIfEmpty(options: {
  db: Db
  now?: Date
}): Promise<{ seeded: false } | ({ seeded: true } & SeedDemoResult)> {
  // The only place the seed reads the wall clock: at boot, "now" is now.
  const now = options.now ?? new Date()
  const setup = await options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [existing] = await tx.select({ id: organisations.id }).from(organisations).limit(1)
    if (existing) {
      const [seed] = await tx.select().from(demoSeed)
      if (!seed || seed.historyCompletedAt !== null) return null
      logger.warn(
        { setUpAt: seed.setUpAt },
        'the demo seed was cut off before its history was made; emptying the database and seeding again',
      )
      await emptyApplicationTables(tx)
    }
    return setUpDemoMarked(tx, now)
  })
  if (!setup) return { seeded: false }
  return { seeded: true, ...(await makeHistory(options.db, now, setup)) }
}

/**
 * Empties every table of the public schema: drizzle's own bookkeeping lives in the `drizzle` schema and
 * stays, and pg-boss keeps its queue in its own schema too, so jobs are untouched.
 */
export async function emptyApplicationTables(db: Db): Promise<void> {
  const tables = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )
  if (tables.rows.length === 0) return
  const list = sql.join(
    tables.rows.map((row) => sql.identifier(row.tablename)),
    sql`, `,
  )
  await db.execute(sql`truncate table ${list} restart identity cascade`)
}

/** Whether the demo organisation exists (for `npm run seed`). */
export async function demoOrganisationExists(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.slug, DEMO_ORGANISATION_SLUG))
  return row !== undefined
}
