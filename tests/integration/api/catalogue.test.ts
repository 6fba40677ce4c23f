import { beforeAll, describe, expect, it } from 'vitest'
import {
  joinLinkSchema,
  type Offering,
  offeringSchema,
  offeringSummarySchema,
  priceSchema,
  privateLinkSchema,
  uniqueMembershipsSchema,
  unrecognisedJoinLinkMessage,
} from '~/contracts/catalogue'
import { ageBypassLinkSchema, akahuWebhookSchema, organisationSchema } from '~/contracts/organisation'
import { keepOneFrequencyMessage } from '~/contracts/price-rules'
import { webhookEvents } from '~/db/schema'
import { z } from '~/lib/validation'
import { tooYoungMessage } from '~/server/services/auth/apply-join-link.server'
import {
  joinLinkGoneMessage,
  joinLinkOffSaleMessage,
} from '~/server/services/join-links/find-usable-join-link.server'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readJson, readMessage, readPage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-03-10T01:00:00Z')
type Browser = TestBrowser

const limitedHours = (gymIds: number[]) => ({
  name: 'Off-peak',
  description: 'Weekdays before 4 pm',
  type: 'limited_access',
  all_gyms_access: false,
  mandated: false,
  hours_mandated: true,
  prices_mandated: false,
  gyms: gymIds,
  hours: [
    { day: 1, open_at: '06:00', close_at: '16:00' },
    { day: 3, open_at: '06:00', close_at: '16:00' },
  ],
  prices: [
    { amount: 1500, billing_frequency: 'weekly', private: false, joining_fee: 4900 },
    { amount: 5500, billing_frequency: 'monthly', private: true, term_amount: 12, term_unit: 'month' },
  ],
})

describeEachDatabase('catalogue and organisation API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  const testApi = createTestApi(database, { now: () => now })

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby', 'Newmarket'] })
    other = await createTestOrganisation({ db: database.db, now, gymNames: ['Elsewhere'] })
  })

  const signIn = (options: {
    organisation?: TestOrganisation
    admin?: boolean
    roles?: Array<{ gymIndex: number; role: 'admin' | 'personal_trainer' }>
  }) =>
    signInStaff({
      database,
      api: testApi,
      now,
      organisation: options.organisation ?? org,
      admin: options.admin,
      gyms: options.roles?.map((role) => ({ index: role.gymIndex, role: role.role })),
    })

  const put = (browser: Browser, path: string, body: unknown) => browser.request('PUT', path, { body })
  const del = (browser: Browser, path: string) => browser.request('DELETE', path)

  describe('offerings', () => {
    let admin: Browser
    let created: Offering

    beforeAll(async () => {
      admin = await signIn({ admin: true })
      const response = await admin.post('/offerings', limitedHours([org.gyms[0]!.id]))
      expect(response.status).toBe(201)
      created = await readData(response, offeringSchema)
    })

    it('creates a limited-hours offering with its hours, gym and prices', () => {
      expect(created).toMatchObject({
        name: 'Off-peak',
        type: 'limited_access',
        display_type: 'Limited hours',
        hours_mandated: true,
        gyms: [{ id: org.gyms[0]!.id, name: 'Ponsonby' }],
        hours: [
          { day: 1, open_at: '06:00', close_at: '16:00' },
          { day: 3, open_at: '06:00', close_at: '16:00' },
        ],
        prices_count: 2,
        memberships_count: 0,
        can_manage: true,
      })
      const monthly = created.prices.find((price) => price.billing_frequency === 'monthly')
      expect(monthly).toMatchObject({
        amount: 5500,
        private: true,
        is_term_membership: true,
        formatted_term: '12 months',
        total_value: 66_000,
        subscriptions_count: 0,
      })
      const weekly = created.prices.find((price) => price.billing_frequency === 'weekly')
      expect(weekly).toMatchObject({
        amount: 1500,
        joining_fee: 4900,
        formatted_term: null,
        total_value: null,
      })
    })

    it('answers every SPEC §5 message for offerings and prices', async () => {
      const response = await admin.post('/offerings', {
        name: '',
        type: 'limited_access',
        hours_mandated: true,
        all_gyms_access: false,
        gyms: [],
        hours: [],
        prices: [
          { private: false },
          { amount: 100, billing_frequency: 'weekly', term_amount: 6 },
          { amount: 100, billing_frequency: 'weekly', term_unit: 'month' },
        ],
      })
      expect(response.status).toBe(422)
      const body = { errors: await readErrors(response) }
      expect(body.errors).toMatchObject({
        name: ['Value is required'],
        hours: ['Add at least one day'],
        gyms: ['Select at least one gym'],
        'prices.0.amount': ['Value is required'],
        'prices.0.billing_frequency': ['Value is required'],
        'prices.1.term_unit': ['Please select a term unit'],
        'prices.2.term_amount': ['Please enter a term amount'],
      })
      const noType = await admin.post('/offerings', { name: 'x', gyms: [org.gyms[0]!.id] })
      expect((await readErrors(noType)).type).toEqual(['Value is required'])
      const badHours = await admin.post('/offerings', {
        ...limitedHours([org.gyms[0]!.id]),
        hours: [{ day: 2 }],
      })
      expect(await readErrors(badHours)).toMatchObject({
        'hours.0.open_at': ['Value is required'],
        'hours.0.close_at': ['Value is required'],
      })
      const tooDear = await admin.post(`/offerings/${created.id}/prices`, {
        amount: 100_000_001,
        billing_frequency: 'weekly',
      })
      expect((await readErrors(tooDear)).amount).toEqual(['The maximum value allowed is $1,000,000.00'])
    })

    it('offers types and frequencies only as the organisation allows', async () => {
      const { organisation } = await createTestOrganisation({ db: database.db, now, nonStop: false })
      const restricted = await signIn({ organisation: { ...org, organisation, gyms: [] }, admin: true })
      const response = await restricted.post('/offerings', {
        name: 'Anytime',
        type: '24_7',
        all_gyms_access: true,
      })
      expect(response.status).toBe(422)
      expect((await readErrors(response)).type).toEqual([
        'This organisation does not offer 24/7 memberships.',
      ])

      const narrowed = await put(admin, `/organisations/${org.organisation.id}/price-frequencies`, {
        price_frequencies: ['monthly', 'weekly'],
      })
      expect((await readData(narrowed, organisationSchema)).price_frequencies).toEqual(['weekly', 'monthly'])
      const yearly = await admin.post(`/offerings/${created.id}/prices`, {
        amount: 60_000,
        billing_frequency: 'yearly',
      })
      expect(yearly.status).toBe(422)
      expect((await readErrors(yearly)).billing_frequency).toEqual([
        'This billing frequency is not enabled for the organisation.',
      ])
      // Daily has no switch, so it is never sold; and one frequency at least stays on.
      const daily = await admin.post(`/offerings/${created.id}/prices`, {
        amount: 900,
        billing_frequency: 'daily',
      })
      expect((await readErrors(daily)).billing_frequency).toEqual([
        'This billing frequency is not enabled for the organisation.',
      ])
      const none = await put(admin, `/organisations/${org.organisation.id}/price-frequencies`, {
        price_frequencies: [],
      })
      expect((await readErrors(none)).price_frequencies).toEqual([keepOneFrequencyMessage])
      await put(admin, `/organisations/${org.organisation.id}/price-frequencies`, {
        price_frequencies: ['weekly', 'fortnightly', 'monthly', 'quarterly', 'six_monthly', 'yearly'],
      })
    })

    it('lists offerings per gym and for the organisation, active and archived, with counts', async () => {
      const atPonsonby = await readPage(
        await admin.get(`/gyms/${org.gyms[0]!.id}/offerings`),
        offeringSummarySchema,
      )
      expect(atPonsonby.data.map((offering) => offering.name)).toContain('Off-peak')
      const atNewmarket = await readPage(
        await admin.get(`/gyms/${org.gyms[1]!.id}/offerings`),
        offeringSummarySchema,
      )
      expect(atNewmarket.data.map((offering) => offering.name)).not.toContain('Off-peak')

      const { offering } = await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[1]!.id],
        now,
      })
      expect((await del(admin, `/offerings/${offering.offering.id}/archive`)).status).toBe(200)
      const active = await readPage(await admin.get('/offerings'), offeringSummarySchema)
      const archived = await readPage(await admin.get('/offerings?archived=true'), offeringSummarySchema)
      expect(active.data.map((row) => row.id)).not.toContain(offering.offering.id)
      expect(archived.data.map((row) => row.id)).toContain(offering.offering.id)
      expect(archived.data.find((row) => row.id === offering.offering.id)?.archived_at).toBe(
        now.toISOString(),
      )
    })

    it('archives, restores and deletes prices, refusing to delete one with memberships', async () => {
      const weekly = created.prices.find((price) => price.billing_frequency === 'weekly')!
      await createTestMembership({
        db: database.db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        priceId: weekly.id,
        now,
      })
      const refused = await del(admin, `/prices/${weekly.id}`)
      expect(refused.status).toBe(409)
      expect(await readMessage(refused)).toBe(
        'This price has memberships, so it can’t be deleted. Archive it instead.',
      )
      const refusedOffering = await del(admin, `/offerings/${created.id}`)
      expect(refusedOffering.status).toBe(409)
      expect(await readMessage(refusedOffering)).toBe(
        'This offering has memberships, so it can’t be deleted. Archive it instead.',
      )

      expect((await del(admin, `/prices/${weekly.id}/archive`)).status).toBe(200)
      let prices = await readData(await admin.get(`/offerings/${created.id}/prices`), z.array(priceSchema))
      expect(prices.find((price) => price.id === weekly.id)?.archived_at).toBe(now.toISOString())
      expect((await admin.post(`/prices/${weekly.id}/restore`)).status).toBe(200)
      prices = await readData(await admin.get(`/offerings/${created.id}/prices`), z.array(priceSchema))
      expect(prices.find((price) => price.id === weekly.id)).toMatchObject({
        archived_at: null,
        subscriptions_count: 1,
      })

      const amountChange = await put(admin, `/prices/${weekly.id}`, {
        amount: 1600,
        billing_frequency: 'weekly',
      })
      expect(amountChange.status).toBe(409)
      const feeChange = await put(admin, `/prices/${weekly.id}`, {
        amount: 1500,
        billing_frequency: 'weekly',
        joining_fee: 0,
      })
      expect(feeChange.status).toBe(200)
      expect((await readData(feeChange, priceSchema)).joining_fee).toBe(0)

      const spare = await admin.post(`/offerings/${created.id}/prices`, {
        amount: 900,
        billing_frequency: 'weekly',
      })
      expect(spare.status).toBe(201)
      const spareId = (await readData(spare, priceSchema)).id
      const edited = await put(admin, `/prices/${spareId}`, {
        amount: 950,
        billing_frequency: 'fortnightly',
        term_amount: 3,
        term_unit: 'month',
      })
      expect(await readData(edited, priceSchema)).toMatchObject({
        amount: 950,
        formatted_term: '3 months',
      })
      const termMessage = await put(admin, `/prices/${spareId}`, {
        amount: 950,
        billing_frequency: 'weekly',
        term_amount: 3,
      })
      expect((await readErrors(termMessage)).term_unit).toEqual(['Please select a term unit'])
      expect((await del(admin, `/prices/${spareId}`)).status).toBe(200)
      expect((await del(admin, `/prices/${spareId}`)).status).toBe(404)

      const unique = await readData(
        await admin.get(`/gyms/${org.gyms[0]!.id}/offerings/${created.id}/unique-memberships`),
        uniqueMembershipsSchema,
      )
      expect(unique).toEqual({ gym_id: org.gyms[0]!.id, offering_id: created.id, total: 1, current: 1 })
    })

    it('deletes an offering nobody joined', async () => {
      const response = await admin.post('/offerings', { ...limitedHours([org.gyms[1]!.id]), name: 'Trial' })
      const offering = await readData(response, offeringSchema)
      expect((await del(admin, `/offerings/${offering.id}`)).status).toBe(200)
      expect((await admin.get(`/offerings/${offering.id}`)).status).toBe(404)
    })

    it('makes private links that open the join site at the price, and resolves them', async () => {
      const privatePrice = created.prices.find((price) => price.private)!
      const response = await admin.post(`/prices/${privatePrice.id}/private-links`, { age_bypass: true })
      expect(response.status).toBe(201)
      const link = await readData(response, privateLinkSchema, 201)
      expect(link.age_bypass).toBe(true)
      const url = new URL(link.url)
      expect(url.hostname).toBe('join.localhost')
      expect(url.searchParams.get('gym')).toBe(org.gyms[0]!.uuid)
      const token = url.searchParams.get('link')!
      const resolved = await readData(
        await testApi.browser({ origin: joinOrigin }).get(`/join-links/${token}`),
        joinLinkSchema,
      )
      expect(resolved).toMatchObject({
        age_bypass: true,
        price: { id: privatePrice.id, offering_name: 'Off-peak', amount: 5500, billing_frequency: 'monthly' },
      })
      // Archiving the price withdraws its links, and the join page says why; restoring brings them back.
      expect((await del(admin, `/prices/${privatePrice.id}/archive`)).status).toBe(200)
      const offSale = await testApi.browser({ origin: joinOrigin }).get(`/join-links/${token}`)
      expect(await readMessage(offSale, 404)).toBe(joinLinkOffSaleMessage)
      expect((await admin.post(`/prices/${privatePrice.id}/restore`)).status).toBe(200)
      expect((await testApi.browser({ origin: joinOrigin }).get(`/join-links/${token}`)).status).toBe(200)
      const publicPrice = created.prices.find((price) => !price.private)!
      expect(
        (await admin.post(`/prices/${publicPrice.id}/private-links`, { age_bypass: false })).status,
      ).toBe(422)
      const mistyped = await testApi.browser().get('/join-links/bogus')
      expect(await readJson(mistyped, z.object({ message: z.string() }), 404)).toEqual({
        message: unrecognisedJoinLinkMessage,
      })
      const unknown = await testApi.browser().get(`/join-links/${'x'.repeat(32)}`)
      expect(await readMessage(unknown, 404)).toBe(unrecognisedJoinLinkMessage)
    })

    it('lets a gym admin manage only their gyms’ offerings, and refuses a personal trainer', async () => {
      const gymAdmin = await signIn({ roles: [{ gymIndex: 1, role: 'admin' }] })
      const own = await gymAdmin.post('/offerings', {
        ...limitedHours([org.gyms[1]!.id]),
        name: 'Newmarket only',
      })
      expect(own.status).toBe(201)
      expect((await readData(own, offeringSchema)).can_manage).toBe(true)
      expect((await gymAdmin.post('/offerings', { ...limitedHours([org.gyms[0]!.id]) })).status).toBe(422)
      expect((await gymAdmin.post('/offerings', { ...limitedHours([]), all_gyms_access: true })).status).toBe(
        403,
      )
      // Another gym's offering is not theirs to see at all.
      expect((await gymAdmin.get(`/offerings/${created.id}`)).status).toBe(404)
      expect((await del(gymAdmin, `/offerings/${created.id}/archive`)).status).toBe(404)

      // A gym admin sees offerings for their gym they may not change.
      const shared = await gymAdmin.get(`/offerings?archived=false`)
      expect((await readData(shared, z.array(offeringSummarySchema))).map((row) => row.name)).toContain(
        'Newmarket only',
      )

      // A personal trainer has no part in the catalogue (ADR 014's offerings area).
      const trainer = await signIn({ roles: [{ gymIndex: 0, role: 'personal_trainer' }] })
      expect((await trainer.get(`/offerings/${created.id}`)).status).toBe(403)
      expect((await trainer.get('/offerings')).status).toBe(403)
      expect((await trainer.post('/offerings', limitedHours([org.gyms[0]!.id]))).status).toBe(403)
      expect(
        (await trainer.post(`/offerings/${created.id}/prices`, { amount: 1, billing_frequency: 'weekly' }))
          .status,
      ).toBe(403)
      const priceId = created.prices[0]!.id
      expect((await del(trainer, `/prices/${priceId}/archive`)).status).toBe(403)
      expect((await trainer.post(`/prices/${priceId}/restore`)).status).toBe(403)
      expect((await del(trainer, `/prices/${priceId}`)).status).toBe(403)
      expect(
        (await put(trainer, `/prices/${priceId}`, { amount: 1, billing_frequency: 'weekly' })).status,
      ).toBe(403)
      expect((await trainer.post(`/prices/${priceId}/private-links`, { age_bypass: false })).status).toBe(403)
      expect((await del(trainer, `/offerings/${created.id}`)).status).toBe(403)
      expect((await trainer.get(`/gyms/${org.gyms[0]!.id}/offerings`)).status).toBe(403)
      expect((await trainer.get(`/organisations/${org.organisation.id}/prices`)).status).toBe(403)
    })

    it('answers 404 for another organisation’s offerings, prices and gyms', async () => {
      const stranger = await signIn({ organisation: other, admin: true })
      const priceId = created.prices[0]!.id
      expect((await stranger.get(`/offerings/${created.id}`)).status).toBe(404)
      expect((await stranger.get(`/offerings/${created.id}/prices`)).status).toBe(404)
      expect((await del(stranger, `/offerings/${created.id}`)).status).toBe(404)
      expect((await del(stranger, `/offerings/${created.id}/archive`)).status).toBe(404)
      expect(
        (await stranger.post(`/offerings/${created.id}/prices`, { amount: 1, billing_frequency: 'weekly' }))
          .status,
      ).toBe(404)
      expect(
        (await put(stranger, `/prices/${priceId}`, { amount: 1, billing_frequency: 'weekly' })).status,
      ).toBe(404)
      expect((await del(stranger, `/prices/${priceId}/archive`)).status).toBe(404)
      expect((await stranger.post(`/prices/${priceId}/restore`)).status).toBe(404)
      expect((await del(stranger, `/prices/${priceId}`)).status).toBe(404)
      expect((await stranger.post(`/prices/${priceId}/private-links`, { age_bypass: false })).status).toBe(
        404,
      )
      expect(
        (
          await stranger.post(`/prices/${priceId}/pro-rata`, {
            start_date: '2026-03-10',
            billing_date: '2026-03-20',
          })
        ).status,
      ).toBe(404)
      expect((await stranger.get(`/gyms/${org.gyms[0]!.id}/offerings`)).status).toBe(404)
      expect(
        (await stranger.get(`/gyms/${org.gyms[0]!.id}/offerings/${created.id}/unique-memberships`)).status,
      ).toBe(404)
      expect((await stranger.get(`/organisations/${org.organisation.id}/prices`)).status).toBe(404)
      expect((await stranger.post('/offerings', limitedHours([org.gyms[0]!.id]))).status).toBe(422)
      const own = await readData(
        await stranger.get(`/organisations/${other.organisation.id}/prices`),
        z.array(priceSchema),
      )
      expect(own).toEqual([])
    })

    it('refuses all of it without a sign-in', async () => {
      const anonymous = testApi.browser()
      expect((await anonymous.get('/offerings')).status).toBe(401)
      expect((await anonymous.post('/offerings', limitedHours([org.gyms[0]!.id]))).status).toBe(401)
      expect((await anonymous.get(`/organisations/${org.organisation.id}`)).status).toBe(401)
    })
  })

  describe('organisation settings', () => {
    let admin: Browser
    const path = () => `/organisations/${org.organisation.id}`

    beforeAll(async () => {
      admin = await signIn({ admin: true })
    })

    it('changes the name, both grace periods, offering permissions and frequencies', async () => {
      await put(admin, path(), { name: 'Renamed Fitness' })
      await put(admin, `${path()}/grace-period`, {
        failed_payment_grace_period: 2,
        failed_payment_grace_period_unit: 'week',
      })
      await put(admin, `${path()}/term-membership-grace-period`, {
        term_membership_grace_period: 1,
        term_membership_grace_period_unit: 'month',
      })
      await put(admin, `${path()}/offering-permissions`, {
        enable_offerings: true,
        non_stop: false,
        limited_access: true,
      })
      const shown = await readData(await admin.get(path()), organisationSchema)
      expect(shown).toMatchObject({
        name: 'Renamed Fitness',
        failed_payment_grace_period: 2,
        failed_payment_grace_period_unit: 'week',
        term_membership_grace_period: 1,
        term_membership_grace_period_unit: 'month',
        offering_permissions: { enable_offerings: true, non_stop: false, limited_access: true },
      })
      await put(admin, `${path()}/offering-permissions`, {
        enable_offerings: true,
        non_stop: true,
        limited_access: true,
      })
    })

    it('answers SPEC §5 messages for the organisation', async () => {
      const name = await put(admin, path(), { name: ' ' })
      expect((await readErrors(name)).name).toEqual(['Value is required'])
      const grace = await put(admin, `${path()}/grace-period`, {})
      expect(await readErrors(grace)).toEqual({
        failed_payment_grace_period: ['Value is required'],
        failed_payment_grace_period_unit: ['Value is required'],
      })
      const term = await put(admin, `${path()}/term-membership-grace-period`, {
        term_membership_grace_period: 400,
      })
      expect(await readErrors(term)).toEqual({
        term_membership_grace_period: ['The maximum value allowed is 365'],
        term_membership_grace_period_unit: ['Value is required'],
      })
    })

    it('lists the organisation’s Akahu webhooks and makes age-bypass links', async () => {
      await database.db.insert(webhookEvents).values([
        {
          provider: 'akahu',
          eventId: 'evt-1',
          type: 'PAYMENT:UPDATE',
          payload: { status: 'SENT' },
          organisationId: org.organisation.id,
        },
        {
          provider: 'akahu',
          eventId: 'evt-2',
          type: 'TOKEN:DELETE',
          payload: {},
          organisationId: other.organisation.id,
        },
      ])
      const page = await readPage(await admin.get(`${path()}/akahu-webhooks`), akahuWebhookSchema)
      expect(page.data.map((row) => row.event_id)).toEqual(['evt-1'])
      expect(page.meta.total).toBe(1)

      const created = await admin.post(`${path()}/age-bypass-links`)
      expect(created.status).toBe(201)
      const link = await readData(created, ageBypassLinkSchema, 201)
      expect(link.used_at).toBeNull()
      const listed = await readData(
        await admin.get(`${path()}/age-bypass-links`),
        z.array(ageBypassLinkSchema),
      )
      expect(listed[0]?.url).toBe(link.url)
    })

    it('is for organisation admins only, and another organisation’s is a 404', async () => {
      const gymAdmin = await signIn({ roles: [{ gymIndex: 0, role: 'admin' }] })
      const trainer = await signIn({ roles: [{ gymIndex: 0, role: 'personal_trainer' }] })
      for (const browser of [gymAdmin, trainer]) {
        // They read the settings (offering types and frequencies they may use) but change none.
        expect((await browser.get(path())).status).toBe(200)
        expect((await put(browser, path(), { name: 'Mine now' })).status).toBe(403)
        expect(
          (
            await put(browser, `${path()}/grace-period`, {
              failed_payment_grace_period: 1,
              failed_payment_grace_period_unit: 'day',
            })
          ).status,
        ).toBe(403)
        expect(
          (
            await put(browser, `${path()}/term-membership-grace-period`, {
              term_membership_grace_period: 1,
              term_membership_grace_period_unit: 'day',
            })
          ).status,
        ).toBe(403)
        expect(
          (
            await put(browser, `${path()}/offering-permissions`, {
              enable_offerings: true,
              non_stop: true,
              limited_access: true,
            })
          ).status,
        ).toBe(403)
        expect(
          (await put(browser, `${path()}/price-frequencies`, { price_frequencies: ['weekly'] })).status,
        ).toBe(403)
        expect((await browser.get(`${path()}/akahu-webhooks`)).status).toBe(403)
        expect((await browser.post(`${path()}/age-bypass-links`)).status).toBe(403)
      }
      const stranger = await signIn({ organisation: other, admin: true })
      expect((await stranger.get(path())).status).toBe(404)
      expect((await put(stranger, path(), { name: 'Mine now' })).status).toBe(404)
      expect((await stranger.get(`${path()}/akahu-webhooks`)).status).toBe(404)
      expect((await stranger.post(`${path()}/age-bypass-links`)).status).toBe(404)
    })
  })

  describe('join links at sign-up', () => {
    const applicant = (overrides: Record<string, unknown>) => ({
      gym: org.gyms[0]!.uuid,
      name: 'Young Applicant',
      email: `young-${Math.random().toString(36).slice(2)}@join.test`,
      mobile_number: '021 555 0101',
      dob: '2012-05-01',
      password: 'a long enough passphrase here',
      ...overrides,
    })

    it('refuses an applicant under 16 without a link and lets one through with an age-bypass link, once', async () => {
      const join = testApi.browser({ origin: joinOrigin, ip: '198.51.100.50' })
      const refused = await join.post('/register', applicant({}))
      expect(refused.status).toBe(422)
      expect((await readErrors(refused)).dob).toEqual([tooYoungMessage])

      const admin = await signIn({ admin: true })
      const link = await readData(
        await admin.post(`/organisations/${org.organisation.id}/age-bypass-links`),
        ageBypassLinkSchema,
        201,
      )
      const token = new URL(link.url).searchParams.get('link')!
      const accepted = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.51' })
        .post('/register', applicant({ link: token }))
      expect(accepted.status).toBe(201)
      const listed = await readData(
        await admin.get(`/organisations/${org.organisation.id}/age-bypass-links`),
        z.array(ageBypassLinkSchema),
      )
      expect(listed.find((row) => row.url === link.url)?.used_at).toBe(now.toISOString())

      const again = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.52' })
        .post('/register', applicant({ link: token }))
      expect(again.status).toBe(422)
      expect((await readErrors(again)).link).toEqual([
        'This link has expired or has already been used. Ask the gym for a new one.',
      ])
    })

    it('lets an adult join through a private price link, at the gym it is for', async () => {
      const admin = await signIn({ admin: true })
      const { price } = await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[1]!.id],
        private: true,
        now,
      })
      const link = await readData(
        await admin.post(`/prices/${price.id}/private-links`, { age_bypass: false }),
        privateLinkSchema,
        201,
      )
      const token = new URL(link.url).searchParams.get('link')!
      const wrongGym = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.53' })
        .post('/register', applicant({ dob: '1990-01-01', link: token }))
      expect((await readErrors(wrongGym)).link).toEqual(['This link is for another gym.'])
      const joined = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.54' })
        .post('/register', applicant({ dob: '1990-01-01', link: token, gym: org.gyms[1]!.uuid }))
      expect(joined.status).toBe(201)
      const young = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.55' })
        .post('/register', applicant({ link: token, gym: org.gyms[1]!.uuid }))
      expect((await readErrors(young)).dob).toEqual([tooYoungMessage])
    })

    it('treats an age-bypass price link, once used, as gone for the join page and for registration alike', async () => {
      const admin = await signIn({ admin: true })
      const { price } = await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[0]!.id],
        private: true,
        now,
      })
      const link = await readData(
        await admin.post(`/prices/${price.id}/private-links`, { age_bypass: true }),
        privateLinkSchema,
        201,
      )
      const token = new URL(link.url).searchParams.get('link')!
      const joinPage = testApi.browser({ origin: joinOrigin })
      expect((await joinPage.get(`/join-links/${token}`)).status).toBe(200)

      const young = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.56' })
        .post('/register', applicant({ link: token }))
      expect(young.status).toBe(201)

      const page = await joinPage.get(`/join-links/${token}`)
      expect(page.status).toBe(404)
      expect(await readMessage(page)).toBe(joinLinkGoneMessage)
      const adult = await testApi
        .browser({ origin: joinOrigin, ip: '198.51.100.57' })
        .post('/register', applicant({ dob: '1990-01-01', link: token }))
      expect(adult.status).toBe(422)
      expect((await readErrors(adult)).link).toEqual([joinLinkGoneMessage])
    })
  })
})
