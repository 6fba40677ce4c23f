import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import { joinOfferingSchema } from '~/contracts/join'
import { prices } from '~/db/schema'
import { z } from '~/lib/validation'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'

describeEachDatabase('GET /join/gyms/{uuid}/offerings', (database) => {
  let org: TestOrganisation

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby', 'Newmarket'] })
  })

  it('shows a visitor what the gym sells: public prices on sale there, cheapest first, nothing else', async () => {
    const db = database.db
    const organisationId = org.organisation.id
    const [ponsonby, newmarket] = [org.gyms[0]!, org.gyms[1]!]
    const sold = await createTestPrice({
      db,
      organisationId,
      gymIds: [ponsonby.id],
      amount: 3500,
      joiningFee: 4900,
    })
    const cheaper = await createTestPrice({
      db,
      organisationId,
      gymIds: [ponsonby.id],
      amount: 2000,
      termAmount: 12,
      termUnit: 'month',
    })
    const hidden = await createTestPrice({
      db,
      organisationId,
      gymIds: [ponsonby.id],
      amount: 1000,
      private: true,
    })
    const elsewhere = await createTestPrice({ db, organisationId, gymIds: [newmarket.id], amount: 1500 })
    const archived = await createTestPrice({ db, organisationId, gymIds: [ponsonby.id], amount: 900 })
    await db.update(prices).set({ archivedAt: new Date() }).where(eq(prices.id, archived.price.id))

    const visitor = createTestApi(database).browser({ origin: joinOrigin })
    const offerings = await readData(
      await visitor.get(`/join/gyms/${ponsonby.uuid}/offerings`),
      z.array(joinOfferingSchema),
    )
    const shown = offerings.flatMap((offering) => offering.prices.map((price) => price.id))
    expect(shown).toEqual(expect.arrayContaining([sold.price.id, cheaper.price.id]))
    for (const absent of [hidden.price.id, elsewhere.price.id, archived.price.id])
      expect(shown).not.toContain(absent)
    const withTerm = offerings
      .flatMap((offering) => offering.prices)
      .find((price) => price.id === cheaper.price.id)
    expect(withTerm).toMatchObject({ amount: 2000, term_amount: 12, term_unit: 'month' })
    const withFee = offerings
      .flatMap((offering) => offering.prices)
      .find((price) => price.id === sold.price.id)
    expect(withFee).toMatchObject({ amount: 3500, joining_fee: 4900 })
  })

  it('answers 404 for a gym that does not exist and for what is not a gym’s id at all', async () => {
    const visitor = createTestApi(database).browser({ origin: joinOrigin })
    expect((await visitor.get('/join/gyms/00000000-0000-4000-8000-000000000000/offerings')).status).toBe(404)
    expect((await visitor.get('/join/gyms/not-a-uuid/offerings')).status).toBe(404)
  })
})
