import type { Db } from '~/db/client.server'
import { createFakeGym } from '~/server/seed/factories/gym-factory.server'
import { createRandom } from '~/server/seed/random'
import type { DestinationAccount } from '~/server/services/gyms/create-destination-account.server'
import type { Gym } from '~/server/services/gyms/create-gym.server'
import {
  type CreateOrganisationInput,
  createOrganisation,
  type Organisation,
} from '~/server/services/organisations/create-organisation.server'
import { testNow } from './clock'

export interface TestOrganisation {
  organisation: Organisation
  gyms: Gym[]
  destinationAccounts: DestinationAccount[]
}

let organisations = 0

/**
 * An organisation with gyms (each with a destination account), through the services. One gym unless
 * `gymNames` lists more, in which case the organisation is multi-gym. Each gym takes cards (its card
 * account connected through the sandbox onboarding) unless `gymsWithoutCards` names it.
 */
export async function createTestOrganisation(
  options: {
    db: Db
    now?: Date
    seed?: string
    gymNames?: string[]
    /** Gyms whose card account is not connected: they take bank payments only (issue 25). */
    gymsWithoutCards?: string[]
  } & Partial<CreateOrganisationInput>,
): Promise<TestOrganisation> {
  const { db, now = testNow, seed, gymNames = ['Central'], gymsWithoutCards = [], ...overrides } = options
  organisations += 1
  const random = createRandom(seed ?? `test-organisation-${organisations}`)
  const organisation = await createOrganisation({
    db,
    now,
    name: `Test Fitness ${organisations}`,
    multiGym: gymNames.length > 1,
    ...overrides,
  })
  const gyms: Gym[] = []
  const destinationAccounts: DestinationAccount[] = []
  for (const name of gymNames) {
    const created = await createFakeGym({
      db,
      random,
      organisationId: organisation.id,
      name,
      now,
      cardPayments: !gymsWithoutCards.includes(name),
    })
    gyms.push(created.gym)
    destinationAccounts.push(created.destinationAccount)
  }
  return { organisation, gyms, destinationAccounts }
}
