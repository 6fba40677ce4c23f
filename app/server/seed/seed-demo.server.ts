import { setImmediate as nextTurn } from 'node:timers/promises'
import { eq, inArray, isNull, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { OfferingType, PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import {
  type DemoOrganisationRecords,
  type DemoSeedPlan,
  demoSeed,
  demoSeedEvents,
  organisations,
  prices as pricesTable,
  users,
} from '~/db/schema'
import { hashPassword } from '~/server/auth/password.server'
import {
  addDays,
  addMonths,
  type CalendarDateString,
  calendarDateAt,
  instantAt,
} from '~/server/billing/calendar'
import { logger } from '~/server/logger.server'
import { type GymContactInput, updateGymContact } from '~/server/services/gyms/update-gym-contact.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { updateOrganisationSettings } from '~/server/services/organisations/update-organisation-settings.server'
import { createPrice, type Price } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { setProfilePicture } from '~/server/services/users/set-profile-picture.server'
import { recordVisits } from '~/server/services/visits/record-visits.server'
import { getFileStorage } from '~/server/storage/get-file-storage.server'
import { connectDemoDoors, syncDemoDoorAccess } from './demo-doors.server'
import { type DemoHistoryStats, runDemoEvent, runDemoHistory } from './demo-history'
import {
  createDemoMember,
  type DemoGym,
  type DemoMemberSpec,
  type DemoOrganisation,
  type DemoPrice,
  type DemoState,
  demoStates,
} from './demo-members.server'
import { seedDemoWebhookEvents } from './demo-webhooks.server'
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

/** Demo Fitness's gyms, in the order they are made (and recorded in the plan). */
const demoFitnessGyms = [
  { name: 'Ponsonby', area: 'ponsonby', weight: 42 },
  { name: 'Newmarket', area: 'newmarket', weight: 33 },
  { name: 'Takapuna', area: 'takapuna', weight: 25 },
] as const

const harbourStrengthGyms = [{ name: 'Harbour Strength Wynyard', area: 'wynyard', weight: 1 }] as const

/**
 * How members reach each demo gym (issue 28's account page), by the gym's name. Set at the set-up only:
 * a data folder seeded before it keeps its gyms' contact blank, which members see as "ask at reception".
 */
const demoGymContacts: Record<string, GymContactInput> = {
  Ponsonby: {
    email: 'ponsonby@demo.gymbase.nz',
    phone: '09 376 4120',
    address: '112 Ponsonby Road, Ponsonby, Auckland 1011',
  },
  Newmarket: {
    email: 'newmarket@demo.gymbase.nz',
    phone: '09 524 8830',
    address: '277 Broadway, Newmarket, Auckland 1023',
  },
  Takapuna: {
    email: 'takapuna@demo.gymbase.nz',
    phone: '09 486 2275',
    address: '45 Hurstmere Road, Takapuna, Auckland 0622',
  },
  'Harbour Strength Wynyard': {
    email: 'wynyard@harbour.gymbase.nz',
    phone: '09 309 6615',
    address: '21 Jellicoe Street, Wynyard Quarter, Auckland 1010',
  },
}

/** Each gym's contact for members, set by the organisation's owner as the console would. */
async function setDemoGymContacts(options: {
  db: Db
  now: Date
  organisationId: number
  ownerId: number
  gyms: ReadonlyArray<{ id: number; name: string }>
}) {
  for (const gym of options.gyms) {
    const contact = demoGymContacts[gym.name]
    if (!contact) continue
    await updateGymContact({
      db: options.db,
      now: options.now,
      organisationId: options.organisationId,
      gymId: gym.id,
      actorId: options.ownerId,
      contact,
    })
  }
}

/** What the seed knows of each price besides its row: the offering's type and the price a change goes to. */
type PriceRoles = Record<string, { offeringType: OfferingType; changesTo?: string }>

const demoFitnessPriceRoles: PriceRoles = {
  anytimeWeekly: { offeringType: '24_7', changesTo: 'offPeakWeekly' },
  anytimeFortnightly: { offeringType: '24_7' },
  anytimeMonthly: { offeringType: '24_7', changesTo: 'offPeakMonthly' },
  anytimeTerm: { offeringType: '24_7' },
  corporate: { offeringType: '24_7' },
  offPeakWeekly: { offeringType: 'limited_access', changesTo: 'anytimeWeekly' },
  offPeakMonthly: { offeringType: 'limited_access', changesTo: 'anytimeMonthly' },
}

const harbourStrengthPriceRoles: PriceRoles = {
  weekly: { offeringType: '24_7' },
  monthly: { offeringType: '24_7' },
}

/** Every random stream of the demo descends from this seed: the same `now` gives the same demo. */
const DEMO_RANDOM_SEED = 'gymbase-demo'
const organisationRandom = (key: keyof DemoSeedPlan) =>
  createRandom(DEMO_RANDOM_SEED).fork(key === 'demoFitness' ? 'demo-fitness' : 'harbour-strength')

/**
 * Members made per transaction in the background: short enough for requests to get in between. A step
 * runs as one chain of promises, so the server reads no request until it ends: at 12 a step (≈0.5 s on
 * a quiet machine, 4 s at a load of 16) a sign-in waited that long (ADR 055).
 */
const MEMBERS_PER_STEP = 3

/**
 * Makes members, writes what the doors recorded of them (batched) and stores their later changes for
 * the history, all on `organisation.db`.
 */
async function createDemoMembers(organisation: DemoOrganisation, specs: readonly DemoMemberSpec[]) {
  const { db, organisationId, now } = organisation
  for (const spec of specs) await createDemoMember(organisation, spec)
  await recordVisits({ db, now, organisationId, visits: organisation.visits.splice(0) })
  const events = organisation.events.splice(0)
  if (events.length > 0) await db.insert(demoSeedEvents).values(events)
}

function demoOrganisationOf(options: {
  context: Pick<SeedContext, 'db' | 'now' | 'today' | 'historyFrom'>
  key: keyof DemoSeedPlan
  records: DemoOrganisationRecords
  surcharge: DemoOrganisation['surcharge']
  gyms: DemoGym[]
  prices: Record<string, DemoPrice>
  usedEmails: Set<string>
}): DemoOrganisation {
  const { context, records } = options
  return {
    db: context.db,
    random: organisationRandom(options.key),
    organisationId: records.organisationId,
    surcharge: options.surcharge,
    gyms: options.gyms,
    prices: options.prices,
    staffUserId: records.staffUserId,
    now: context.now,
    today: context.today,
    historyFrom: context.historyFrom,
    usedEmails: options.usedEmails,
    events: [],
    visits: [],
  }
}

/** Demo Fitness as the set-up makes it: everything but its members, then the member sign-in. */
async function setUpDemoFitness(context: SeedContext): Promise<DemoOrganisationRecords> {
  const { db, today, passwordHash } = context
  const random = organisationRandom('demoFitness')
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
  // Receipts are tax invoices: the demo's GST number is Inland Revenue's published example.
  await updateOrganisationSettings({
    db,
    now: founded,
    organisationId,
    taxDetails: { legalName: `${DEMO_ORGANISATION_NAME} Limited`, gstNumber: '49-091-850' },
  })

  const gyms: DemoGym[] = []
  for (const plan of demoFitnessGyms) {
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
  await setDemoGymContacts({ db, now: founded, organisationId, ownerId: owner.user.id, gyms })
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
  const prices: Record<string, Price> = {
    anytimeWeekly: await createPrice({
      ...priceCommon,
      offeringId: anytimeId,
      amount: 1899,
      billingFrequency: 'weekly',
      joiningFee: 4900,
    }),
    anytimeFortnightly: await createPrice({
      ...priceCommon,
      offeringId: anytimeId,
      amount: 3699,
      billingFrequency: 'fortnightly',
      joiningFee: 4900,
    }),
    anytimeMonthly: await createPrice({
      ...priceCommon,
      offeringId: anytimeId,
      amount: 7900,
      billingFrequency: 'monthly',
      joiningFee: 4900,
    }),
    // The commitment price: cheaper, no joining fee, 12 months.
    anytimeTerm: await createPrice({
      ...priceCommon,
      offeringId: anytimeId,
      amount: 6900,
      billingFrequency: 'monthly',
      termAmount: 12,
      termUnit: 'month',
    }),
    corporate: await createPrice({
      ...priceCommon,
      offeringId: anytimeId,
      amount: 1499,
      billingFrequency: 'weekly',
      private: true,
    }),
    offPeakWeekly: await createPrice({
      ...priceCommon,
      offeringId: offPeakId,
      amount: 1299,
      billingFrequency: 'weekly',
      joiningFee: 2900,
    }),
    offPeakMonthly: await createPrice({
      ...priceCommon,
      offeringId: offPeakId,
      amount: 5200,
      billingFrequency: 'monthly',
      joiningFee: 2900,
    }),
  }
  // An unused private link for staff to hand out (members on the corporate price each used their own).
  const corporatePrice = prices.corporate
  if (!corporatePrice) throw new Error('The corporate price was not created')
  await createPrivatePriceLink({
    db,
    organisationId,
    priceId: corporatePrice.id,
    createdByUserId: owner.user.id,
    now: instantDaysAgo(today, 3),
  })

  const records: DemoOrganisationRecords = {
    organisationId,
    staffUserId: owner.user.id,
    gymIds: gyms.map((gym) => gym.id),
    priceIds: Object.fromEntries(Object.entries(prices).map(([key, price]) => [key, price.id])),
  }
  const demo = demoOrganisationOf({
    context,
    key: 'demoFitness',
    records,
    surcharge: organisation,
    gyms,
    prices: demoPricesOf(prices, demoFitnessPriceRoles),
    usedEmails: new Set(Object.values(demoSignIns)),
  })

  // The member sign-in: active monthly at Ponsonby since about eight months ago, anchored on a day every
  // month has, with a photo, a bank account and a card.
  let memberStart = addDays(today, -245)
  while (Number(memberStart.slice(8)) > 28) memberStart = addDays(memberStart, -1)
  await createDemoMembers(demo, [
    {
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
        mobileNumber: '021 612 3390',
      },
    },
  ])
  // Her photo, kept in the file store as a member's own would be (staff see it in the search).
  const [aroha] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoSignIns.member))
  if (aroha) {
    await setProfilePicture({ db, storage: getFileStorage(), userId: aroha.id, upload: await demoPortrait() })
  }
  return records
}

/** A plain drawn portrait (no fonts needed), standing in for a demo member's photo. */
async function demoPortrait(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="#0f766e"/>
    <circle cx="200" cy="160" r="78" fill="#fde68a"/>
    <path d="M70 400 C80 290 140 250 200 250 C260 250 320 290 330 400 Z" fill="#f59e0b"/>
  </svg>`
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer())
}

/** The other members of Demo Fitness, made in the background: a list that is the same for a given seed. */
function demoFitnessMemberSpecs(): DemoMemberSpec[] {
  const random = organisationRandom('demoFitness')

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
  return shuffledStates(random.fork('states'), demoFitnessStates).map((state, index): DemoMemberSpec => {
    const memberRandom = random.fork(`plan:${index}`)
    return {
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
  })
}

/** Harbour Strength as the set-up makes it: everything but its members. */
async function setUpHarbourStrength(context: SeedContext): Promise<DemoOrganisationRecords> {
  const { db, today, passwordHash } = context
  const random = organisationRandom('harbourStrength')
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
    name: harbourStrengthGyms[0].name,
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
  await setDemoGymContacts({ db, now: founded, organisationId, ownerId: owner.user.id, gyms: [gym] })
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
  const weekly = await createPrice({ ...priceCommon, amount: 2400, billingFrequency: 'weekly' })
  const monthly = await createPrice({ ...priceCommon, amount: 9500, billingFrequency: 'monthly' })
  return {
    organisationId,
    staffUserId: owner.user.id,
    gymIds: [gym.id],
    priceIds: { weekly: weekly.id, monthly: monthly.id },
  }
}

function harbourStrengthMemberSpecs(): DemoMemberSpec[] {
  const random = organisationRandom('harbourStrength')
  return shuffledStates(random.fork('states'), harbourStrengthStates).map((state, index) => {
    const memberRandom = random.fork(`plan:${index}`)
    return {
      label: `member:${index}`,
      state,
      priceKey: memberRandom.chance(0.6) ? 'weekly' : 'monthly',
      methods: paymentMethodsFor(memberRandom),
    }
  })
}

/** The demo's dates, from its "now". */
function demoDates(now: Date): Pick<SeedContext, 'now' | 'today' | 'historyFrom'> {
  const today = calendarDateAt(now)
  return { now, today, historyFrom: addMonths(today, -12) }
}

function demoPricesOf(prices: Record<string, Price>, roles: PriceRoles): Record<string, DemoPrice> {
  return Object.fromEntries(
    Object.entries(prices).map(([key, price]) => {
      const role = roles[key]
      if (!role) throw new Error(`The demo price ${key} has no role`)
      return [key, { price, ...role }]
    }),
  )
}

/**
 * The set-up, made before the server answers and kept short: organisations, gyms, staff, offerings,
 * prices and the member sign-in, so every demo sign-in works at once. Marks the seed as set up, with
 * the records the background steps need (`continueDemoSeed`).
 */
async function setUpDemo(db: Db, now: Date): Promise<DemoSeedPlan> {
  // Hashed once for all six sign-ins: argon2id is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const context: SeedContext = { db, ...demoDates(now), random: createRandom(DEMO_RANDOM_SEED), passwordHash }
  const plan: DemoSeedPlan = {
    demoFitness: await setUpDemoFitness(context),
    harbourStrength: await setUpHarbourStrength(context),
  }
  // Demo Fitness's doors, and the staff's access to them at once. The members are synced as the
  // background's last step, once the history has made their payments (the member sign-in's first too).
  await connectDemoDoors({
    db,
    now,
    organisationId: plan.demoFitness.organisationId,
    ownerId: plan.demoFitness.staffUserId,
    gymIds: plan.demoFitness.gymIds,
  })
  await syncDemoDoorAccess({ db, now })
  await seedDemoWebhookEvents({ db, now, organisationId: plan.demoFitness.organisationId })
  await db.insert(demoSeed).values({ setUpAt: now, plan })
  return plan
}

/** Every member the background makes, in order: the list `members_created` counts along. */
function backgroundMemberSpecs(): { key: keyof DemoSeedPlan; spec: DemoMemberSpec }[] {
  return [
    ...demoFitnessMemberSpecs().map((spec) => ({ key: 'demoFitness' as const, spec })),
    ...harbourStrengthMemberSpecs().map((spec) => ({ key: 'harbourStrength' as const, spec })),
  ]
}

/** An organisation of the plan as the background steps use it, read back from the database. */
async function loadDemoOrganisation(
  db: Db,
  now: Date,
  key: keyof DemoSeedPlan,
  records: DemoOrganisationRecords,
): Promise<DemoOrganisation> {
  const [organisation] = await db
    .select({
      cardSurchargeBasisPoints: organisations.cardSurchargeBasisPoints,
      cardSurchargeFixed: organisations.cardSurchargeFixed,
    })
    .from(organisations)
    .where(eq(organisations.id, records.organisationId))
  if (!organisation) throw new Error(`The demo organisation ${key} is missing`)
  const priceRows = await db
    .select()
    .from(pricesTable)
    .where(inArray(pricesTable.id, Object.values(records.priceIds)))
  const prices = Object.fromEntries(
    Object.entries(records.priceIds).map(([priceKey, id]) => {
      const row = priceRows.find((price) => price.id === id)
      if (!row) throw new Error(`The demo price ${priceKey} is missing`)
      return [priceKey, row]
    }),
  )
  const gymPlan = key === 'demoFitness' ? demoFitnessGyms : harbourStrengthGyms
  const gyms = records.gymIds.map((id, index) => {
    const plan = gymPlan[index]
    if (!plan) throw new Error(`The demo gym ${id} is not in the plan`)
    return { id, name: plan.name, area: plan.area, weight: plan.weight }
  })
  // Addresses taken so far, so a member made now gets the same address as in an uncut seed.
  const emails = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(eq(users.organisationId, records.organisationId))
  return demoOrganisationOf({
    context: { db, ...demoDates(now) },
    key,
    records,
    surcharge: organisation,
    gyms,
    prices: demoPricesOf(prices, key === 'demoFitness' ? demoFitnessPriceRoles : harbourStrengthPriceRoles),
    usedEmails: new Set(emails.map((row) => row.email)),
  })
}

export type DemoSeedProgress =
  | { status: 'complete'; history: DemoHistoryStats | null }
  | { status: 'stopped' }

/**
 * The background part of the seed, resumable: the members after the set-up (a dozen per transaction,
 * each recording how many are made), then the year of history from the billing engine, recording the
 * last day done and each event run. Called again after a stop or a cut-off start, it carries on from
 * there, making the same demo as a seed never stopped. `shouldStop` is asked between steps (a server
 * shutting down); nothing is left half-made by stopping.
 */
export async function continueDemoSeed(options: {
  db: Db
  shouldStop?: () => boolean
  /** Awaited between steps: the server's requests go first (ADR 055). At once when not given. */
  requestsFirst?: () => Promise<void>
  /**
   * The real time, for the last step: door access is synced for today (the doors open for who may enter
   * now), or for the seed's own `now` if that is later. Tests pass the seed's clock.
   */
  clock?: () => Date
}): Promise<DemoSeedProgress> {
  const { db } = options
  const shouldStop = options.shouldStop ?? (() => false)
  const requestsFirst = options.requestsFirst ?? (() => Promise.resolve())
  const [state] = await db.select().from(demoSeed)
  if (!state || state.historyCompletedAt !== null) return { status: 'complete', history: null }
  const { plan } = state
  if (!plan) throw new Error('This demo seed predates resumable seeding; seed it again from empty')
  const now = state.setUpAt

  const members = backgroundMemberSpecs()
  if (state.membersCreated < members.length) {
    const loaded = {
      demoFitness: await loadDemoOrganisation(db, now, 'demoFitness', plan.demoFitness),
      harbourStrength: await loadDemoOrganisation(db, now, 'harbourStrength', plan.harbourStrength),
    }
    for (let done = state.membersCreated; done < members.length; done += MEMBERS_PER_STEP) {
      // A turn of the event loop between steps lets the server read requests (see runDemoHistory).
      await nextTurn()
      await requestsFirst()
      if (shouldStop()) return { status: 'stopped' }
      const step = members.slice(done, done + MEMBERS_PER_STEP)
      await db.transaction(async (tx) => {
        for (const key of ['demoFitness', 'harbourStrength'] as const) {
          const specs = step.filter((member) => member.key === key).map((member) => member.spec)
          if (specs.length > 0) await createDemoMembers({ ...loaded[key], db: tx }, specs)
        }
        await tx.update(demoSeed).set({ membersCreated: done + step.length })
      })
    }
  }

  const { historyFrom } = demoDates(now)
  const events = await db
    .select({ id: demoSeedEvents.id, at: demoSeedEvents.at, action: demoSeedEvents.action })
    .from(demoSeedEvents)
    .where(isNull(demoSeedEvents.doneAt))
  const history = await runDemoHistory({
    db,
    from: state.historyThrough ? addDays(state.historyThrough, 1) : historyFrom,
    now,
    events,
    shouldStop,
    requestsFirst,
    runEvent: (event) =>
      db.transaction(async (tx) => {
        await runDemoEvent({ db: tx, now: event.at, action: event.action })
        await tx.update(demoSeedEvents).set({ doneAt: event.at }).where(eq(demoSeedEvents.id, event.id))
      }),
    dayDone: async (day) => {
      await db.update(demoSeed).set({ historyThrough: day })
    },
  })
  if (history.stopped) return { status: 'stopped' }
  // The planner's statistics for the year just made: PGlite has no autovacuum to gather them, and
  // without them it guesses one row a table (a members search over the visits took seconds). Before the
  // demo is marked whole, so nobody waiting for it meets the database busy analysing.
  await db.execute(sql`analyze`)
  // Everyone the members and the history queued for the door access sync (ADR 029), at today's date:
  // the history ends at the seed's `now`, and a seed resumed days later must not open doors by
  // yesterday's rules. Stopped part-way, the rest stays queued for the next start.
  const realNow = (options.clock ?? (() => new Date()))()
  const doorsNow = new Date(Math.max(realNow.getTime(), now.getTime()))
  const doors = await syncDemoDoorAccess({ db, now: doorsNow, shouldStop, requestsFirst })
  if (doors.stopped) return { status: 'stopped' }
  await db.update(demoSeed).set({ historyCompletedAt: now })
  return { status: 'complete', history }
}

/**
 * Seeds the whole demo data set at once (`npm run seed`, tests, benchmarks): the set-up in one
 * transaction (which fails if Demo Fitness already exists: its slug is taken), then the background part.
 */
export async function seedDemo(options: { db: Db; now: Date; clock?: () => Date }): Promise<SeedDemoResult> {
  const plan = await options.db.transaction((tx) => setUpDemo(tx, options.now))
  const progress = await continueDemoSeed({ db: options.db, clock: options.clock })
  if (progress.status !== 'complete' || !progress.history) throw new Error('The demo seed did not finish')
  return {
    demoFitnessId: plan.demoFitness.organisationId,
    harbourStrengthId: plan.harbourStrength.organisationId,
    history: progress.history,
  }
}

/**
 * The start-up's part of the seed: sets the demo up when the database has no organisation at all (a
 * fresh embedded database), and says whether the background part (`continueDemoSeed`) has work left,
 * whether just set up or left unfinished by an earlier start. An advisory lock makes a concurrent second
 * caller wait for the set-up and then find the organisations.
 *
 * A database whose seed was cut off before seeding could resume (no plan recorded: nothing but the demo
 * can be in it, as the server then only listened once the seed was done) is emptied and set up again.
 */
export async function seedDemoIfEmpty(options: {
  db: Db
  now?: Date
}): Promise<{ setUp: boolean; backgroundPending: boolean }> {
  // The only place the seed reads the wall clock: at boot, "now" is now.
  const now = options.now ?? new Date()
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`)
    const [existing] = await tx.select({ id: organisations.id }).from(organisations).limit(1)
    if (existing) {
      const [seed] = await tx.select().from(demoSeed)
      if (!seed || seed.historyCompletedAt !== null) return { setUp: false, backgroundPending: false }
      if (seed.plan) return { setUp: false, backgroundPending: true }
      logger.warn(
        { setUpAt: seed.setUpAt },
        'the demo seed was cut off before its history was made; emptying the database and seeding again',
      )
      await emptyApplicationTables(tx)
    }
    await setUpDemo(tx, now)
    return { setUp: true, backgroundPending: true }
  })
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
