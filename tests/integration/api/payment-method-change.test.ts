import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { joinGymSchema } from '~/contracts/auth'
import { gymSchema } from '~/contracts/gyms'
import {
  activeSubscriptionSchema,
  authUrlSchema,
  cardSetupSchema,
  paymentMethodChangeSchema,
  paymentTypeSchema,
  sandboxBankConsentSchema,
} from '~/contracts/join-payment'
import { paymentLinkSchema } from '~/contracts/pay'
import { subscriptionSchema } from '~/contracts/subscriptions'
import { mailOutbox, payments, subscriptions, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { cardSurcharge } from '~/server/billing/amounts'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { noCardPaymentsMessage } from '~/server/services/gyms/gym-card-payments.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { agreeFirstMessage } from '~/server/services/payment-methods/change-payment-method.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { failedPaymentsOf } from '../support/billing'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'
import { signInStaff } from '../support/sign-in'

// A Tuesday morning in Auckland: 2026-03-17.
const now = new Date('2026-03-16T21:00:00Z')

describeEachDatabase('Issue 25: how one pays, where cards are taken, which gyms sell', (database) => {
  let org: TestOrganisation
  let priceId: number
  let members = 0

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      gymNames: ['Ponsonby', 'Bank Only', 'Brand New'],
      gymsWithoutCards: ['Bank Only', 'Brand New'],
      cardSurchargeBasisPoints: 250,
    })
    // Prices on sale at Ponsonby and Bank Only; Brand New has none yet.
    const { price } = await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: [org.gyms[0]!.id, org.gyms[1]!.id],
      amount: 2500,
      joiningFee: 0,
    })
    priceId = price.id
  })

  async function member(testApi: ReturnType<typeof createTestApi>, gymIndex = 0) {
    members += 1
    const email = `change-pay-${members}-${process.pid}@members.test`
    const { browser, me } = await joinAsMember(testApi, {
      gymUuid: org.gyms[gymIndex]!.uuid,
      name: 'Aroha Change',
      email,
      ip: `203.0.113.${(members % 200) + 20}`,
    })
    return { browser, email, id: me.id, me }
  }

  type Browser = Awaited<ReturnType<typeof member>>['browser']

  async function saveCard(browser: Browser) {
    const setup = await readData(await browser.post('/me/card-setups'), cardSetupSchema)
    await browser.post('/sandbox/card-setups/confirm', {
      client_secret: setup.client_secret,
      number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
    })
    return readData(await browser.post('/me/payment-types/card', { setup_id: setup.id }), paymentTypeSchema)
  }

  async function connectBank(browser: Browser) {
    const { url } = await readData(await browser.get('/akahu/auth-url'), authUrlSchema)
    const consent = new URL(url, joinOrigin)
    const granted = await readData(
      await browser.post('/sandbox/bank-consents', {
        state: consent.searchParams.get('state'),
        redirect_uri: consent.searchParams.get('redirect_uri'),
        account_suffixes: ['91'],
      }),
      sandboxBankConsentSchema,
    )
    const back = new URL(granted.redirect_to)
    await browser.post('/akahu/exchange', {
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    })
    const [account] = await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema))
    return account!
  }

  async function joinNow(browser: Browser, startDate?: string) {
    return readData(
      await browser.post('/subscriptions', {
        price_id: priceId,
        ...(startDate ? { start_date: startDate } : {}),
        client_key: `key-${crypto.randomUUID()}`,
        agreement_name: 'aroha change',
        off_session_consent: true,
      }),
      subscriptionSchema,
    )
  }

  describe('point 6: changing how one pays is never silent', () => {
    it('a joined member’s new card waits for their agreement; agreeing moves the payments and e-mails them', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id, email } = await member(testApi)
      const bank = await connectBank(browser)
      // Starting next week: the first payment is upcoming, taken by the engine then.
      await joinNow(browser, '2026-03-24')
      const upcomingBefore = await database.db.select().from(payments).where(eq(payments.userId, id))
      const upcoming = upcomingBefore.filter((payment) => payment.status === 'upcoming')
      expect(upcoming.length).toBeGreaterThan(0)
      expect(upcoming.every((payment) => payment.type === 'bank_account' && payment.surcharge === 0)).toBe(
        true,
      )

      // Saving a card after joining keeps the bank account as the default.
      const card = await saveCard(browser)
      expect(card.is_default).toBe(false)
      const [row] = await database.db.select().from(users).where(eq(users.id, id))
      expect(row?.defaultPaymentMethodId).toBe(bank.id)

      // What it would mean: the period's amount and the engine's own surcharge on it.
      const change = await readData(
        await browser.get(`/me/payment-types/${card.id}/change`),
        paymentMethodChangeSchema,
      )
      const surcharge = cardSurcharge({
        amount: 2500,
        settings: { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 },
      })
      expect(surcharge).toBe(63)
      expect(change).toMatchObject({
        needs_agreement: true,
        method: { id: card.id, type: 'stripe_card' },
        current_method: { id: bank.id, type: 'bank_account' },
        membership: {
          offering_name: '24/7 Access',
          gym_name: 'Ponsonby',
          billing_frequency: 'weekly',
          amount: 2500,
          current_surcharge: 0,
          new_surcharge: surcharge,
          // The first payment, already made ready by the bank: moved to the card it takes the surcharge.
          next_charge_now: { on: '2026-03-24', amount: 2500, surcharge: 0, total: 2500 },
          next_charge_after: { on: '2026-03-24', amount: 2500, surcharge, total: 2500 + surcharge },
        },
      })
      const before = await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema)
      expect(change.membership?.next_charge_now).toEqual(before.next_charge)

      // Without the agreement nothing changes, in words.
      const refused = await browser.post(`/me/payment-types/${card.id}/switch`)
      expect(refused.status).toBe(409)
      expect(await readMessage(refused)).toBe(agreeFirstMessage)
      const stillBank = await database.db.select().from(users).where(eq(users.id, id))
      expect(stillBank[0]?.defaultPaymentMethodId).toBe(bank.id)
      const unchanged = await database.db.select().from(payments).where(eq(payments.userId, id))
      expect(unchanged).toEqual(upcomingBefore)
      expect((await testApi.latestMail(email)).subject).not.toMatch(/changed how you pay/)

      // Agreed: the default and the upcoming payments follow, with the surcharge, and an e-mail says so.
      const switched = await browser.post(`/me/payment-types/${card.id}/switch`, { agreed: true })
      expect(switched.status).toBe(200)
      const after = await database.db.select().from(payments).where(eq(payments.userId, id))
      const moved = after.filter((payment) => payment.status === 'upcoming')
      expect(moved.length).toBe(upcoming.length)
      for (const payment of moved) {
        expect(payment.type).toBe('stripe_card')
        expect(payment.paymentMethodId).toBe(card.id)
        expect(payment.surcharge).toBe(
          cardSurcharge({
            amount: payment.amount,
            settings: { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 },
          }),
        )
      }
      const mail = await testApi.latestMail(email)
      expect(mail.subject).toMatch(/^You changed how you pay Test Fitness/)
      expect(mail.text).toContain('is now paid from your Visa ending 4242 instead of your bank account')
      expect(mail.text).toContain(
        'At your current price, each payment is now $25.63 weekly, including a $0.63 card surcharge.',
      )
      expect(mail.text).toContain(
        'Your next payment is $25.63 ($25.00 + $0.63 card surcharge) on Tue 24 Mar 2026.',
      )
      // Listed in the member's history.
      expect(mail.memberId).toBe(id)
      // What the preview said "from now on" is what the member's page says now.
      const welcome = await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema)
      expect(welcome.next_charge).toEqual(change.membership?.next_charge_after)
      // The method already used: nothing to agree to, nothing sent again.
      const again = await readData(
        await browser.get(`/me/payment-types/${card.id}/change`),
        paymentMethodChangeSchema,
      )
      expect(again.needs_agreement).toBe(false)
    })

    it('the preview states the next charge at a booked new price, as the member’s page does after agreeing', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id, email } = await member(testApi)
      await connectBank(browser)
      const joined = await joinNow(browser)
      // A price rise booked for the end of the period: next week's renewal is $30.00.
      const { price: dearer } = await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[0]!.id],
        amount: 3000,
        joiningFee: 0,
      })
      await database.db
        .update(subscriptions)
        .set({ transitionToPriceId: dearer.id, transitionTakesEffectAt: 'period_end' })
        .where(eq(subscriptions.id, joined.id))
      const card = await saveCard(browser)
      const change = await readData(
        await browser.get(`/me/payment-types/${card.id}/change`),
        paymentMethodChangeSchema,
      )
      const surcharge = cardSurcharge({
        amount: 3000,
        settings: { cardSurchargeBasisPoints: 250, cardSurchargeFixed: 0 },
      })
      expect(change.membership?.next_charge_now).toMatchObject({
        on: '2026-03-24',
        total: 3000,
        surcharge: 0,
        new_price: true,
      })
      expect(change.membership?.next_charge_after).toMatchObject({
        on: '2026-03-24',
        amount: 3000,
        surcharge,
        total: 3000 + surcharge,
        new_price: true,
      })
      // In the page's words, the welcome page's way.
      expect(change.membership?.next_payment_now).toBe('$30.00 on Tue 24 Mar 2026 (new price)')
      expect(change.membership?.next_payment_after).toBe(
        '$30.75 ($30.00 + $0.75 card surcharge) on Tue 24 Mar 2026 (new price)',
      )
      const before = await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema)
      expect(change.membership?.next_charge_now).toEqual(before.next_charge)

      expect((await browser.post(`/me/payment-types/${card.id}/switch`, { agreed: true })).status).toBe(200)
      const after = await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema)
      expect(after.next_charge).toEqual(change.membership?.next_charge_after)
      const mail = await testApi.latestMail(email)
      expect(mail.subject).toMatch(/^You changed how you pay/)
      expect(mail.text).toContain(
        `Your next payment is $${((3000 + surcharge) / 100).toFixed(2)} ($30.00 + $${(surcharge / 100).toFixed(2)} card surcharge) on Tue 24 Mar 2026.`,
      )
      expect(mail.memberId).toBe(id)
    })

    it('a member cancelled at the period end has still joined: a new card waits for their agreement', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser, id, email } = await member(testApi)
      const bank = await connectBank(browser)
      const joined = await joinNow(browser)
      // Cancelled today, to end at the end of the paid week (the undo window runs to then).
      await database.db
        .update(subscriptions)
        .set({ cancelledAt: now, undoCancellationUntil: new Date('2026-03-23T11:00:00Z') })
        .where(eq(subscriptions.id, joined.id))
      const card = await saveCard(browser)
      expect(card.is_default).toBe(false)
      const [row] = await database.db.select().from(users).where(eq(users.id, id))
      expect(row?.defaultPaymentMethodId).toBe(bank.id)
      const change = await readData(
        await browser.get(`/me/payment-types/${card.id}/change`),
        paymentMethodChangeSchema,
      )
      expect(change.needs_agreement).toBe(true)
      expect(change.membership).toMatchObject({ offering_name: '24/7 Access', next_charge_after: null })
      expect(await readMessage(await browser.post(`/me/payment-types/${card.id}/switch`), 409)).toBe(
        agreeFirstMessage,
      )
      expect((await browser.post(`/me/payment-types/${card.id}/switch`, { agreed: true })).status).toBe(200)
      const mail = await testApi.latestMail(email)
      expect(mail.subject).toMatch(/^You changed how you pay/)
      expect(mail.text).toContain('Nothing more will be charged for this membership.')
      const changed = await database.db
        .select({ memberId: mailOutbox.memberId })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, email))
      expect(changed.some((sent) => sent.memberId === id)).toBe(true)
    })

    it('before joining a saved card is the default straight away, as the join flow has it', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const { browser } = await member(testApi)
      const card = await saveCard(browser)
      expect(card.is_default).toBe(true)
      const change = await readData(
        await browser.get(`/me/payment-types/${card.id}/change`),
        paymentMethodChangeSchema,
      )
      expect(change).toMatchObject({ needs_agreement: false, membership: null })
    })
  })

  describe('point 8: cards only where a card account exists', () => {
    it('a gym without a card account refuses a card in plain words; the one with one takes it', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const bankOnly = await member(testApi, 1)
      expect(bankOnly.me.gym_takes_cards).toBe(false)
      const refused = await bankOnly.browser.post('/me/card-setups')
      expect(refused.status).toBe(409)
      expect(await readMessage(refused)).toBe(
        'Bank Only doesn’t take card payments yet. Pay by bank account instead.',
      )
      // A bank account still works there, and joining with it.
      await connectBank(bankOnly.browser)
      expect((await joinNow(bankOnly.browser)).id).toBeGreaterThan(0)

      const cards = await member(testApi, 0)
      expect(cards.me.gym_takes_cards).toBe(true)
      expect((await cards.browser.post('/me/card-setups')).status).toBe(201)

      const admin = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
      const ponsonby = await readData(await admin.get(`/gyms/${org.gyms[0]!.id}`), gymSchema)
      expect(ponsonby.card_payments).toEqual({ connected: true, charges_enabled: true })
      const noCards = await readData(await admin.get(`/gyms/${org.gyms[1]!.id}`), gymSchema)
      expect(noCards.card_payments).toEqual({ connected: false, charges_enabled: false })
    })

    it('the pay page at a gym without a card account offers no new card and no saved card: bank only', async () => {
      const later = new Date('2026-03-24T02:00:00Z')
      const testApi = createTestApi(database, { now: () => later })
      const db = database.db
      const organisationId = org.organisation.id
      const bankOnlyGym = org.gyms[1]!
      const paying = await createTestMember({ db, organisationId, gymId: bankOnlyGym.id, now })
      // A card on file from before (saved straight into the records), and the bank account that pays:
      // Demo Bank's …-93, which the sandbox fails for want of money an hour after the charge.
      const oldCard = await addPaymentMethod({
        db,
        now,
        organisationId,
        userId: paying.id,
        method: {
          type: 'stripe_card',
          gymId: bankOnlyGym.id,
          brand: 'visa',
          lastFour: '4242',
          expMonth: 12,
          expYear: 2030,
          providerReference: sandboxCardReference('4242'),
        },
        makeDefault: false,
      })
      await addPaymentMethod({
        db,
        now,
        organisationId,
        userId: paying.id,
        method: { type: 'bank_account', bankAccountNumber: '99-9999-9999999-93', name: 'Spending' },
        acceptDemoBank: true,
        makeDefault: true,
      })
      const subscription = await createSubscription({
        db,
        now,
        organisationId,
        userId: paying.id,
        gymId: bankOnlyGym.id,
        priceId,
        startDate: '2026-03-17',
      })
      // Each day's billing run as the worker does it (1 pm in Auckland), the second week's charge going to
      // the bank; then a run after the bank's hour, which hears it failed.
      const providers = createSandboxProviders({ db })
      for (const day of ['2026-03-17', '2026-03-24']) {
        await advanceSubscriptions({ db, now: new Date(`${day}T00:00:00Z`) })
        await runBilling({ db, providers, now: new Date(`${day}T00:00:00Z`) })
      }
      await runBilling({ db, providers, now: later })
      const [failed] = await failedPaymentsOf(db, subscription.id)
      expect(failed).toBeDefined()

      const admin = await signInStaff({ database, api: testApi, now: later, organisation: org, admin: true })
      expect((await admin.post(`/payments/${failed!.id}/payment-link`)).status).toBe(201)
      const mail = await testApi.latestMail(paying.email)
      const token = /\/pay\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1]
      expect(token).toBeDefined()

      const visitor = testApi.browser({ origin: joinOrigin })
      const link = await readData(await visitor.get(`/payment-links/${token}`), paymentLinkSchema)
      expect(link.state).toBe('usable')
      expect(link.takes_cards).toBe(false)
      // The bank account only: the card on file is not offered.
      expect(link.methods.map((method) => method.type)).toEqual(['bank_account'])
      // Neither a new card nor the old one, asked for directly.
      expect(await readMessage(await visitor.post(`/payment-links/${token}/card-setups`), 409)).toBe(
        noCardPaymentsMessage('Bank Only'),
      )
      expect(
        await readMessage(
          await visitor.post(`/payment-links/${token}/pay`, { payment_method_id: oldCard.id }),
          409,
        ),
      ).toBe(noCardPaymentsMessage('Bank Only'))
    })
  })

  describe('point 7: a gym is on the join site only when it can sell', () => {
    it('a gym without a price on sale is not listed, takes no sign-up, and its page says what is missing', async () => {
      const testApi = createTestApi(database, { now: () => now })
      const listed = async () =>
        (await readData(await testApi.request('GET', '/join/gyms'), z.array(joinGymSchema))).map(
          (gym) => gym.uuid,
        )
      const brandNew = org.gyms[2]!
      expect(await listed()).toContain(org.gyms[0]!.uuid)
      expect(await listed()).not.toContain(brandNew.uuid)

      const visitor = testApi.browser({ origin: joinOrigin, ip: '203.0.113.250' })
      const refused = await visitor.post('/register', {
        gym: brandNew.uuid,
        name: 'Too Early',
        email: `too-early-${process.pid}@members.test`,
        mobile_number: '021 555 0100',
        dob: '1990-04-05',
        password: 'a long enough passphrase',
      })
      expect(refused.status).toBe(422)
      expect(await readMessage(refused)).toBe(
        'Brand New isn’t taking sign-ups online yet. Choose another gym, or ask Brand New how to join.',
      )

      const admin = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
      const before = await readData(await admin.get(`/gyms/${brandNew.id}`), gymSchema)
      expect(before.join_site).toEqual({ listed: false, missing: ['add a price on sale at this gym'] })

      // A private price is not on sale to the public: still off the list.
      await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [brandNew.id],
        private: true,
      })
      expect(await listed()).not.toContain(brandNew.uuid)

      await createTestPrice({ db: database.db, organisationId: org.organisation.id, gymIds: [brandNew.id] })
      expect(await listed()).toContain(brandNew.uuid)
      const after = await readData(await admin.get(`/gyms/${brandNew.id}`), gymSchema)
      expect(after.join_site).toEqual({ listed: true, missing: [] })
    })
  })
})
