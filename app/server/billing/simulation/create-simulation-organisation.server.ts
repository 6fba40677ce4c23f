import type { Db } from '~/db/client.server'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import type { Random } from '~/server/seed/random'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import type { SimulationGym, SimulationOrganisation, SimulationPrice } from './types'

/**
 * A fresh demo organisation for the simulation, through the services: three Auckland gyms with their
 * destination accounts, a 24/7 and an off-peak offering, and weekly, fortnightly and monthly prices
 * (with joining fees) weighted the way members choose them. Cards carry a 2.5% surcharge.
 */
export async function createSimulationOrganisation(options: {
  db: Db
  random: Random
  now: Date
  name?: string
  slug?: string
}): Promise<SimulationOrganisation> {
  const { db, random, now } = options
  const organisation = await createOrganisation({
    db,
    now,
    name: options.name ?? 'Simulated Fitness',
    slug: options.slug ?? 'simulated-fitness',
    multiGym: true,
    failedPaymentGracePeriod: 14,
    failedPaymentGracePeriodUnit: 'day',
    cardSurchargeBasisPoints: 250,
  })
  const organisationId = organisation.id

  const gyms: SimulationGym[] = []
  for (const plan of [
    { name: 'Ponsonby', area: 'ponsonby', weight: 42 },
    { name: 'Newmarket', area: 'newmarket', weight: 33 },
    { name: 'Takapuna', area: 'takapuna', weight: 25 },
  ]) {
    const { gym } = await createFakeGym({
      db,
      random: random.fork(`gym:${plan.name}`),
      organisationId,
      name: plan.name,
      now,
    })
    gyms.push({ id: gym.id, name: gym.name, area: plan.area, weight: plan.weight })
  }
  const gymIds = gyms.map((gym) => gym.id)

  const anytime = await createOffering({
    db,
    organisationId,
    now,
    name: '24/7 Access',
    type: '24_7',
    gyms: gymIds,
  })
  const offPeak = await createOffering({
    db,
    organisationId,
    now,
    name: 'Off-Peak',
    type: 'limited_access',
    gyms: gymIds,
  })
  const plans = [
    {
      offeringId: anytime.offering.id,
      amount: 1899,
      billingFrequency: 'weekly',
      joiningFee: 4900,
      weight: 28,
    },
    {
      offeringId: anytime.offering.id,
      amount: 3699,
      billingFrequency: 'fortnightly',
      joiningFee: 4900,
      weight: 16,
    },
    {
      offeringId: anytime.offering.id,
      amount: 7900,
      billingFrequency: 'monthly',
      joiningFee: 4900,
      weight: 26,
    },
    {
      offeringId: offPeak.offering.id,
      amount: 1299,
      billingFrequency: 'weekly',
      joiningFee: 2900,
      weight: 10,
    },
    {
      offeringId: offPeak.offering.id,
      amount: 5200,
      billingFrequency: 'monthly',
      joiningFee: 2900,
      weight: 10,
    },
  ] as const
  const prices: SimulationPrice[] = []
  for (const { weight, ...plan } of plans) {
    prices.push({ price: await createPrice({ db, organisationId, now, ...plan }), weight })
  }

  return {
    organisationId,
    gyms,
    prices,
    surcharge: organisation,
    staffUserId: null,
    usedEmails: new Set(),
  }
}
