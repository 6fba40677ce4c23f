import { and, eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import {
  activeSubscriptionSchema,
  authUrlSchema,
  cardSetupSchema,
  membershipOptionsSchema,
  membershipQuoteSchema,
  paymentTypeSchema,
  sandboxBankConsentSchema,
  sandboxCardConfirmSchema,
} from '~/contracts/join-payment'
import { organisationSchema } from '~/contracts/organisation'
import { subscriptionSchema } from '~/contracts/subscriptions'
import {
  mailOutbox,
  membershipAgreements,
  paymentAttempts,
  paymentMethods,
  payments,
  sandboxCardSetups,
  subscriptions,
  users,
} from '~/db/schema'
import { z } from '~/lib/validation'
import { pollPendingPayments } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'
import { signInStaff, staffSignIn } from '../support/sign-in'

// A Tuesday morning in Auckland: 2026-03-17.
const now = new Date('2026-03-16T21:00:00Z')

describeEachDatabase('Join: payment methods, confirm and welcome (issue 14)', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  let priceId: number
  let members = 0

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby'] })
    other = await createTestOrganisation({ db: database.db, gymNames: ['Elsewhere'] })
    const { price } = await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]!.id],
      amount: 2500,
      joiningFee: 4900,
    })
    priceId = price.id
  })

  async function member(
    testApi: ReturnType<typeof createTestApi>,
    options: { organisation?: TestOrganisation } = {},
  ) {
    members += 1
    const email = `join-pay-${members}-${process.pid}@members.test`
    const { browser, me } = await joinAsMember(testApi, {
      gymUuid: (options.organisation ?? org).gyms[0]!.uuid,
      name: 'Aroha Join',
      email,
      ip: `203.0.113.${(members % 200) + 20}`,
    })
    return { browser, email, id: me.id }
  }

  async function addCard(browser: Awaited<ReturnType<typeof member>>['browser'], number: string) {
    const setup = await readData(await browser.post('/me/card-setups'), cardSetupSchema)
    const confirmed = await readData(
      await browser.post('/sandbox/card-setups/confirm', {
        client_secret: setup.client_secret,
        number,
        expiry: '12 / 30',
        cvc: '123',
      }),
      sandboxCardConfirmSchema,
    )
    return { setup, confirmed }
  }

  async function connectBank(browser: Awaited<ReturnType<typeof member>>['browser'], suffixes: string[]) {
    const { url } = await readData(await browser.get('/akahu/auth-url'), authUrlSchema)
    const consent = new URL(url, joinOrigin)
    const granted = await readData(
      await browser.post('/sandbox/bank-consents', {
        state: consent.searchParams.get('state'),
        redirect_uri: consent.searchParams.get('redirect_uri'),
        account_suffixes: suffixes,
      }),
      sandboxBankConsentSchema,
    )
    const back = new URL(granted.redirect_to)
    return { back, code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }
  }

  const join = (overrides: Record<string, unknown> = {}) => ({
    price_id: priceId,
    client_key: `key-${crypto.randomUUID()}`,
    agreement_name: 'aroha  join',
    off_session_consent: true,
    ...overrides,
  })

  describe('cards', () => {
    it('saves only what the provider reports about a good card, once, as the default', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id } = await member(testApi)
      const { setup, confirmed } = await addCard(browser, '4242 4242 4242 4242')
      expect(confirmed).toEqual({ status: 'succeeded', error: null })
      const saved = await readData(
        await browser.post('/me/payment-types/card', { setup_id: setup.id }),
        paymentTypeSchema,
      )
      expect(saved).toMatchObject({
        type: 'stripe_card',
        brand: 'visa',
        last_four: '4242',
        exp_month: 12,
        exp_year: 2030,
        is_default: true,
      })
      // Saving the same setup again (a double press) keeps one card.
      await browser.post('/me/payment-types/card', { setup_id: setup.id })
      const rows = await database.db.select().from(paymentMethods).where(eq(paymentMethods.userId, id))
      expect(rows).toHaveLength(1)
      // The number is nowhere: not in the method, not in the provider's setup.
      const [stored] = await database.db
        .select()
        .from(sandboxCardSetups)
        .where(eq(sandboxCardSetups.id, setup.id))
      expect(JSON.stringify([rows, stored])).not.toContain('4242424242424242')
    })

    it('refuses a bad number, a past expiry and a card that declines at save, in Stripe’s words', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await member(testApi)
      const luhn = await addCard(browser, '4242 4242 4242 4241')
      expect(luhn.confirmed.error).toMatchObject({ field: 'number', message: 'Your card number is invalid.' })
      const setup = await readData(await browser.post('/me/card-setups'), cardSetupSchema)
      const expired = await readData(
        await browser.post('/sandbox/card-setups/confirm', {
          client_secret: setup.client_secret,
          number: '4242424242424242',
          expiry: '01/26',
          cvc: '123',
        }),
        sandboxCardConfirmSchema,
      )
      expect(expired.error).toMatchObject({
        field: 'expiry',
        message: 'Your card’s expiry date is in the past.',
      })
      const declined = await addCard(browser, '4000 0000 0000 0002')
      expect(declined.confirmed.error).toMatchObject({
        code: 'card_declined',
        message: 'Your card was declined.',
      })
      const refused = await browser.post('/me/payment-types/card', { setup_id: declined.setup.id })
      expect(refused.status).toBe(422)
      expect((await readErrors(refused)).setup_id).toEqual(['Your card was declined.'])
    })

    it('does not let one member keep another member’s card setup', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const first = await member(testApi)
      const second = await member(testApi)
      const { setup } = await addCard(first.browser, '4242424242424242')
      const stolen = await second.browser.post('/me/payment-types/card', { setup_id: setup.id })
      expect(stolen.status).toBe(404)
      const wrongSecret = await second.browser.post('/sandbox/card-setups/confirm', {
        client_secret: `${setup.id}_secret_${'0'.repeat(32)}`,
        number: '4242424242424242',
        expiry: '12/30',
        cvc: '123',
      })
      expect(wrongSecret.status).toBe(404)
    })
  })

  describe('bank accounts', () => {
    it('connects through the consent, saves the shared accounts once and switches the default', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await member(testApi)
      const { code, state, back } = await connectBank(browser, ['91', '93'])
      expect(back.pathname).toBe('/connect-akahu')
      expect(await readMessage(await browser.post('/akahu/exchange', { code, state }), 200)).toBe(
        'Your bank is connected.',
      )
      const accounts = await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema))
      expect(
        accounts.map((account) => [account.name, account.bank_account_number, account.is_default]),
      ).toEqual([
        ['Everyday', '99-••••-•••••99-91', true],
        ['Spending (not enough money)', '99-••••-•••••99-93', false],
      ])
      await browser.post('/akahu/sync-accounts')
      const switched = await readData(
        await browser.post(`/me/payment-types/${accounts[1]!.id}/switch`),
        z.array(paymentTypeSchema),
      )
      expect(switched.filter((account) => account.is_default).map((account) => account.id)).toEqual([
        accounts[1]!.id,
      ])
      // A code works once.
      const again = await browser.post('/akahu/exchange', { code, state })
      expect(again.status).toBe(422)
    })

    it('refuses a state that is someone else’s and a redirect that is not ours', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const first = await member(testApi)
      const second = await member(testApi)
      const { code, state } = await connectBank(first.browser, ['91'])
      expect((await second.browser.post('/akahu/exchange', { code, state })).status).toBe(422)
      const evil = await first.browser.post('/sandbox/bank-consents', {
        state,
        redirect_uri: 'https://evil.example/connect-akahu',
        account_suffixes: ['91'],
      })
      expect(evil.status).toBe(422)
      expect((await second.browser.post('/akahu/sync-accounts')).status).toBe(409)
    })
  })

  describe('confirm', () => {
    it('quotes today’s payment and what recurs, with the agreement', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await member(testApi)
      const options = await readData(await browser.get('/me/membership-options'), membershipOptionsSchema)
      expect(options.offerings.flatMap((offering) => offering.prices.map((price) => price.id))).toEqual([
        priceId,
      ])
      const quote = await readData(
        await browser.get(`/me/membership-quote?price_id=${priceId}`),
        membershipQuoteSchema,
      )
      expect(quote).toMatchObject({
        start_date: '2026-03-17',
        due_today: 7400,
        first_payment: { period_amount: 2500, joining_fee: 4900, surcharge: 0, total: 7400 },
        recurring: { amount: 2500, total: 2500, from: '2026-03-24' },
      })
      expect(quote.agreement).toContain('Then $25.00 weekly from Tue 24 Mar 2026, until you cancel.')
      expect(quote.agreement).toContain('Cancelling: you can cancel at any time')
      const past = await browser.get(`/me/membership-quote?price_id=${priceId}&start_date=2026-03-01`)
      expect(past.status).toBe(422)
    })

    it('joins once with a card however often Confirm is pressed, and charges once', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id, email } = await member(testApi)
      const { setup } = await addCard(browser, '4242424242424242')
      await browser.post('/me/payment-types/card', { setup_id: setup.id })
      const body = join()
      const answers = await Promise.all([
        browser.post('/subscriptions', body),
        browser.post('/subscriptions', body),
      ])
      const created = await Promise.all(answers.map((answer) => readData(answer, subscriptionSchema)))
      expect(new Set(created.map((subscription) => subscription.id)).size).toBe(1)
      const rows = await database.db.select().from(subscriptions).where(eq(subscriptions.userId, id))
      expect(rows.map((row) => row.isStaging)).toEqual([false])
      const paid = await database.db.select().from(payments).where(eq(payments.userId, id))
      expect(paid.map((payment) => [payment.status, payment.amount, payment.attempt])).toEqual([
        ['sent', 7400, 1],
      ])
      const attempts = await database.db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.paymentId, paid[0]!.id))
      expect(attempts).toHaveLength(1)
      const [agreement] = await database.db
        .select()
        .from(membershipAgreements)
        .where(eq(membershipAgreements.userId, id))
      expect(agreement).toMatchObject({ typedName: 'aroha  join', offSessionConsent: true })
      expect(agreement?.text).toContain('Membership agreement between Aroha Join')
      const active = await readData(
        await browser.get('/me/active-subscription'),
        activeSubscriptionSchema.nullable(),
      )
      expect(active?.first_payment).toMatchObject({
        status: 'paid',
        amount: 7400,
        method_label: 'Visa ending 4242',
      })
      expect(active?.next_charge).toEqual({
        on: '2026-03-24',
        amount: 2500,
        surcharge: 0,
        total: 2500,
        kind: 'renewal',
        new_price: false,
      })
      const me = await readData(await browser.get('/me'), sessionUserSchema)
      expect(me.price_id).toBe(priceId)
      // One welcome, with the receipt and the agreement.
      const welcome = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))
      const welcomes = welcome.filter((mail) => mail.subject.startsWith('Welcome to'))
      expect(welcomes).toHaveLength(1)
      expect(welcomes[0]?.text).toContain(
        'We’ve taken your first payment of $74.00 from your Visa ending 4242.',
      )
      expect(welcomes[0]?.text).toContain('Total (GST inclusive): $74.00')
      expect(welcomes[0]?.text).toContain('Then $25.00 weekly from Tue 24 Mar 2026, until you cancel.')
      // The agreement goes with it as a PDF a member can keep.
      const [attachment] = welcomes[0]?.attachments ?? []
      expect(attachment).toMatchObject({
        filename: 'membership-agreement.pdf',
        contentType: 'application/pdf',
      })
      const pdf = await PDFDocument.load(Buffer.from(attachment?.contentBase64 ?? '', 'base64'))
      expect(pdf.getTitle()).toBe('Membership agreement: 24/7 Access at Ponsonby')
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1)
      // Another key once a member: refused, nothing more made.
      expect((await browser.post('/subscriptions', join())).status).toBe(409)
    })

    it('leaves nothing behind when the card declines, and joins with the bank account chosen next', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id } = await member(testApi)
      const { setup } = await addCard(browser, '4000 0000 0000 9995')
      await browser.post('/me/payment-types/card', { setup_id: setup.id })
      const body = join()
      const declined = await browser.post('/subscriptions', body)
      expect(declined.status).toBe(422)
      expect((await readErrors(declined)).payment_method?.[0]).toMatch(
        /^Your card was declined: there isn’t enough money on it\. Nothing was charged\./,
      )
      expect(
        await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema.nullable()),
      ).toBeNull()
      expect((await readData(await browser.get('/me'), sessionUserSchema)).price_id).toBeNull()

      const { code, state } = await connectBank(browser, ['91'])
      await browser.post('/akahu/exchange', { code, state })
      const [account] = await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema))
      await browser.post(`/me/payment-types/${account!.id}/switch`)
      const joined = await browser.post('/subscriptions', body)
      expect(joined.status).toBe(201)
      const rows = await database.db.select().from(payments).where(eq(payments.userId, id))
      expect(rows.map((payment) => [payment.status, payment.type, payment.attempt])).toEqual([
        ['pending_request', 'bank_account', 2],
      ])
      const active = await readData(
        await browser.get('/me/active-subscription'),
        activeSubscriptionSchema.nullable(),
      )
      expect(active?.first_payment?.status).toBe('pending')
    })

    it('charges nothing today for a later start: the membership is confirmed and the engine takes it then', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id } = await member(testApi)
      const { setup } = await addCard(browser, '4242424242424242')
      await browser.post('/me/payment-types/card', { setup_id: setup.id })
      const quote = await readData(
        await browser.get(`/me/membership-quote?price_id=${priceId}&start_date=2026-03-27`),
        membershipQuoteSchema,
      )
      expect([quote.due_today, quote.first_payment.due_on, quote.recurring?.from]).toEqual([
        0,
        '2026-03-27',
        '2026-04-03',
      ])
      expect((await browser.post('/subscriptions', join({ start_date: '2026-03-27' }))).status).toBe(201)
      const rows = await database.db.select().from(payments).where(eq(payments.userId, id))
      expect(rows.map((payment) => [payment.status, payment.dueOn, payment.attempt])).toEqual([
        ['upcoming', '2026-03-27', 0],
      ])
      const active = await readData(
        await browser.get('/me/active-subscription'),
        activeSubscriptionSchema.nullable(),
      )
      expect(active?.first_payment).toMatchObject({ status: 'upcoming', due_on: '2026-03-27' })
      expect(active?.next_charge).toEqual({
        on: '2026-03-27',
        amount: 7400,
        surcharge: 0,
        total: 7400,
        kind: 'first_payment',
        new_price: false,
      })
    })

    it('settles a bank first payment through the billing engine’s poll', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id } = await member(testApi)
      const { code, state } = await connectBank(browser, ['91'])
      await browser.post('/akahu/exchange', { code, state })
      await browser.post('/akahu/sync-accounts')
      expect((await browser.post('/subscriptions', join())).status).toBe(201)
      // The engine's next run (billing.poll) asks the bank an hour and more later.
      await pollPendingPayments({
        db: database.db,
        providers: createSandboxProviders({ db: database.db }),
        now: new Date(now.getTime() + 2 * 60 * 60_000),
      })
      const [payment] = await database.db.select().from(payments).where(eq(payments.userId, id))
      expect(payment?.status).toBe('sent')
      const active = await readData(
        await browser.get('/me/active-subscription'),
        activeSubscriptionSchema.nullable(),
      )
      expect(active?.first_payment?.status).toBe('paid')
    })

    it('needs the typed name and the tick, and refuses staff and another organisation’s price', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await member(testApi)
      const { setup } = await addCard(browser, '4242424242424242')
      await browser.post('/me/payment-types/card', { setup_id: setup.id })
      const wrongName = await browser.post('/subscriptions', join({ agreement_name: 'Someone Else' }))
      expect((await readErrors(wrongName)).agreement_name).toEqual([
        'Type your name as Aroha Join to accept.',
      ])
      const noTick = await browser.post('/subscriptions', join({ off_session_consent: false }))
      expect((await readErrors(noTick)).off_session_consent?.length).toBe(1)
      const { price: foreign } = await createTestPrice({
        db: database.db,
        organisationId: other.organisation.id,
        gymIds: [other.gyms[0]!.id],
      })
      const foreignAnswer = await browser.post('/subscriptions', join({ price_id: foreign.id }))
      expect(foreignAnswer.status).toBe(422)
      const staff = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
      expect((await staff.get('/me/payment-types')).status).toBe(403)
      expect((await staff.get(`/me/membership-quote?price_id=${priceId}`)).status).toBe(403)
    })
  })

  it('prints the organisation’s legal name and GST number on the receipt once an admin sets them', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const signIn = staffSignIn({ database, api: testApi, now, organisation: () => org })
    const admin = await signIn({ admin: true })
    const path = `/organisations/${org.organisation.id}/tax-details`
    const wrong = await admin.request('PUT', path, {
      body: { legal_name: 'Test Fitness Limited', gst_number: '136-410-133' },
    })
    expect((await readErrors(wrong)).gst_number).toEqual([
      'Enter the 8 or 9 digit GST number, e.g. 123-456-789.',
    ])
    const saved = await readData(
      await admin.request('PUT', path, {
        body: { legal_name: ' Test Fitness Limited ', gst_number: '49091850' },
      }),
      organisationSchema,
    )
    expect([saved.legal_name, saved.gst_number]).toEqual(['Test Fitness Limited', '049-091-850'])
    const trainer = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    expect((await trainer.request('PUT', path, { body: { legal_name: '', gst_number: '' } })).status).toBe(
      403,
    )

    const { browser, email } = await member(testApi)
    const { setup } = await addCard(browser, '4242424242424242')
    await browser.post('/me/payment-types/card', { setup_id: setup.id })
    expect((await browser.post('/subscriptions', join())).status).toBe(201)
    const [welcome] = (await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter(
      (mail) => mail.subject.startsWith('Welcome'),
    )
    expect(welcome?.text).toContain('Tax invoice and receipt R-')
    expect(welcome?.text).toContain('Test Fitness Limited\nGST number 049-091-850')
    expect(welcome?.text).toContain('Total (GST inclusive): $74.00\nIncludes GST of $9.65 (15%)')
    await admin.request('PUT', path, { body: { legal_name: '', gst_number: '' } })
  })

  it('keeps each member to their own payment methods', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const first = await member(testApi)
    const second = await member(testApi, { organisation: other })
    const { setup } = await addCard(first.browser, '4242424242424242')
    const card = await readData(
      await first.browser.post('/me/payment-types/card', { setup_id: setup.id }),
      paymentTypeSchema,
    )
    expect((await second.browser.post(`/me/payment-types/${card.id}/switch`)).status).toBe(404)
    const [row] = await database.db
      .select()
      .from(users)
      .where(and(eq(users.id, second.id)))
    expect(row?.defaultPaymentMethodId).toBeNull()
  })
})
