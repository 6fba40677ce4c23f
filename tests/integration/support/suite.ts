import { beforeAll } from 'vitest'
import { createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { createTestApi } from './api'
import { atDay } from './billing'
import type { TestDatabaseContext } from './database'
import { signInStaff, type TestBrowser } from './sign-in'

/**
 * The frame the API suites about one organisation's memberships share: the API on the suite's clock
 * (`now`, read at each request, so a suite may move it) and, made in a `beforeAll` that runs before the
 * suite's own, an organisation made on 1 Jan 2026 (`organisation`'s options), a weekly price at all its
 * gyms for each of `weeklyPrices` (a name and its cents, made in that order) and its owner signed in.
 */
export function organisationSuite<Prices extends Record<string, number>>(
  database: TestDatabaseContext,
  options: {
    now: () => Date
    organisation: Omit<Parameters<typeof createTestOrganisation>[0], 'db' | 'now'>
    weeklyPrices: Prices
  },
) {
  const api = createTestApi(database, { now: options.now })
  let made: { org: TestOrganisation; owner: TestBrowser; priceIds: Map<keyof Prices, number> } | undefined
  beforeAll(async () => {
    const db = database.db
    const created = atDay('2026-01-01')
    const org = await createTestOrganisation({ db, now: created, ...options.organisation })
    const priceIds = new Map<keyof Prices, number>()
    for (const name in options.weeklyPrices) {
      const amount = options.weeklyPrices[name]
      const { price } = await createTestPriceFor({
        db,
        organisation: org,
        billingFrequency: 'weekly',
        amount,
        now: created,
      })
      priceIds.set(name, price.id)
    }
    const owner = await signInStaff({ database, api, now: options.now(), organisation: org, admin: true })
    made = { org, owner, priceIds }
  })
  const ready = () => {
    if (!made) throw new Error('The suite’s organisation is made in its beforeAll: read it in a test')
    return made
  }
  return {
    api,
    get org() {
      return ready().org
    },
    get owner() {
      return ready().owner
    },
    /** The id of the weekly price `weeklyPrices` names so. */
    priceId(name: keyof Prices) {
      const id = ready().priceIds.get(name)
      if (id === undefined) throw new Error(`The suite has no price ${String(name)}`)
      return id
    },
  }
}
