import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failureReasonWords } from '~/contracts/payment-filters'
import { bankConnections, mailOutbox, paymentAttempts, paymentMethods, payments, users } from '~/db/schema'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { AKAHU_PCR_PATTERN } from '~/server/providers/payments/akahu/akahu-references'
import { createBankServices } from '~/server/providers/payments/bank-services.server'
import { createCardSandbox } from '~/server/providers/payments/card-sandbox.server'
import {
  type ChargeRequest,
  IdempotencyKeyReusedError,
  type PaymentProviders,
  PaymentProviderUnavailableError,
} from '~/server/providers/payments/payment-provider'
import type { AkahuConfig } from '~/server/providers/provider-config.server'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { syncBankAccounts } from '~/server/services/payment-methods/bank-consent.server'
import { applyAkahuPaymentUpdate } from '~/server/services/payments/apply-akahu-payment-update.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation } from '../../factories/organisation-factory'
import { AKAHU_APP_SECRET, AKAHU_APP_TOKEN, createAkahuFake, demoAccount } from '../../mocks/akahu/akahu-fake'
import { TEST_DATA_KEY } from '../../mocks/data-key'
import { describeEachDatabase } from '../support/database'

let fake = createAkahuFake()
const server = setupServer(...fake.handlers)

const config: AkahuConfig = {
  provider: 'akahu',
  appToken: AKAHU_APP_TOKEN,
  appSecret: AKAHU_APP_SECRET,
  dataKey: TEST_DATA_KEY,
  mode: 'test',
}

const MINUTE = 60_000
const at = (day: string) => new Date(`${day}T00:00:00Z`)
const later = (date: Date, ms: number) => new Date(date.getTime() + ms)

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => {
  fake.faults.rateLimited = 0
  fake.faults.hangAfterCreate = 0
})
afterAll(() => server.close())

describeEachDatabase(
  'Akahu bank payments against its documented API (issue 26 points 3 and 8)',
  (database) => {
    // A fake of its own for each database's run: the same payment ids (and so the same keys) come again
    // in the other database, and Akahu's state must not carry over.
    beforeAll(() => {
      fake = createAkahuFake()
      server.resetHandlers(...fake.handlers)
    })
    let organisationId: number
    let gymId: number
    let priceId: number
    let destination: { name: string; bankAccountNumber: string }
    let members = 0

    const bank = (options: { timeoutMs?: number } = {}) =>
      createBankServices(config, database.db, {
        timeoutMs: options.timeoutMs ?? 2_000,
        sleep: async () => {},
      })

    const providers = (options: { timeoutMs?: number } = {}): PaymentProviders => ({
      card: createCardSandbox({ db: database.db }),
      bank: bank(options).charges,
    })

    beforeAll(async () => {
      const org = await createTestOrganisation({
        db: database.db,
        now: at('2026-01-01'),
        // Names with characters Akahu's statement fields refuse, so the fitting is exercised end to end.
        gymNames: ['Ōtāhuhu Strength & Co. (24/7)'],
      })
      organisationId = org.organisation.id
      gymId = org.gyms[0]!.id
      destination = org.destinationAccounts[0]!
      const { price } = await createTestPrice({
        db: database.db,
        organisationId,
        gymIds: [gymId],
        billingFrequency: 'weekly',
        amount: 2_550,
        now: at('2026-01-01'),
      })
      priceId = price.id
    })

    /** A member who consented at Akahu, with the shared account as their method and a membership from `day`. */
    async function bankMember(day: string, account = demoAccount.everyday) {
      members += 1
      const db = database.db
      const now = at(day)
      const member = await createTestMember({
        db,
        organisationId,
        gymId,
        now,
        overrides: { name: `Mere O'Brien-Tūhoe ${members}` },
      })
      const token = fake.grantToken([account.id])
      await db.insert(bankConnections).values({
        organisationId,
        userId: member.id,
        provider: 'akahu',
        accessToken: token,
        connectedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      const method = await addPaymentMethod({
        db,
        now,
        organisationId,
        userId: member.id,
        acceptDemoBank: true,
        method: {
          type: 'bank_account',
          bankAccountNumber: account.formatted,
          name: account.name,
          providerReference: account.id,
          meta: { provider: 'akahu' },
        },
      })
      const subscription = await createSubscription({
        db,
        now,
        organisationId,
        userId: member.id,
        gymId,
        priceId,
        startDate: day,
      })
      return { member, token, method, subscription }
    }

    const firstPayment = async (subscriptionId: number) => {
      const [payment] = await database.db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, subscriptionId))
        .orderBy(payments.id)
        .limit(1)
      return payment!
    }

    /** The day the membership's first payment is charged. */
    const dueDay = async (subscriptionId: number, startDay: string) => {
      await advanceSubscriptions({ db: database.db, now: at(startDay) })
      return at((await firstPayment(subscriptionId)).dueOn)
    }

    const attemptsOf = (paymentId: number) =>
      database.db.select().from(paymentAttempts).where(eq(paymentAttempts.paymentId, paymentId))

    async function billOn(now: Date, options: { timeoutMs?: number } = {}) {
      fake.setNow(now)
      await advanceSubscriptions({ db: database.db, now })
      return runBilling({ db: database.db, providers: providers(options), now })
    }

    it('pays the gym’s destination account with the engine’s key, and settles by polling', async () => {
      const { subscription } = await bankMember('2026-02-02')
      const day = await dueDay(subscription.id, '2026-02-02')
      await billOn(day)

      const pending = await firstPayment(subscription.id)
      expect(pending.status).toBe('pending_request')
      const [attempt] = await attemptsOf(pending.id)
      expect(attempt?.provider).toBe('akahu')
      const made = fake.paymentsWithKey(attempt!.idempotencyKey)
      expect(made).toHaveLength(1)
      const payment = made[0]!
      expect(pending.akahuPaymentId).toBe(payment._id)
      expect(attempt?.providerReference).toBe(payment._id)
      // From the member's shared account, to the gym's own account, in dollars.
      expect(payment.from).toBe(demoAccount.everyday.id)
      expect(payment.to).toEqual({ name: destination.name, account_number: destination.bankAccountNumber })
      expect(payment.amount).toBe(25.5)
      expect(fake.calls.find((call) => call.idempotencyKey === attempt!.idempotencyKey)?.method).toBe('POST')
      // Statement fields within Akahu's rules, naming the gym to the member and the member to the gym.
      expect(payment.meta.source.reference).toBe('Otahuhu Stre')
      expect(payment.meta.destination.particulars).toBe('Mere O Brien')
      for (const value of [
        ...Object.values(payment.meta.source),
        ...Object.values(payment.meta.destination),
      ]) {
        expect(value).toMatch(AKAHU_PCR_PATTERN)
      }

      // Asked too soon after sending, nothing is polled; five minutes on, Akahu says SENT.
      expect((await billOn(later(day, MINUTE))).polled).toBe(0)
      const stats = await billOn(later(day, 10 * MINUTE))
      expect(stats.polled).toBe(1)
      const settled = await firstPayment(subscription.id)
      expect(settled.status).toBe('sent')
      expect(settled.paidAt).not.toBeNull()
      expect(fake.paymentsWithKey(attempt!.idempotencyKey)).toHaveLength(1)
    })

    it('a declined payment fails with words a gym owner reads, after its pending steps', async () => {
      const { subscription } = await bankMember('2026-02-03', demoAccount.overdrawn)
      const day = await dueDay(subscription.id, '2026-02-03')
      await billOn(day)
      // READY → PENDING_APPROVAL: still pending.
      await billOn(later(day, 10 * MINUTE))
      expect((await firstPayment(subscription.id)).status).toBe('pending_request')
      // → DECLINED INSUFFICIENT_FUNDS.
      await billOn(later(day, 20 * MINUTE))
      const failed = await firstPayment(subscription.id)
      expect(failed.status).toBe('failed')
      expect(failed.errorStatus).toBe('insufficient_funds')
      expect(failed.errorDescription).toBe(
        "The member's bank account did not have enough money for this payment.",
      )
      expect(failureReasonWords(failed.errorStatus, failed.errorDescription)).toBe('Insufficient funds')
      // A retry is scheduled, as for the sandbox's same failure.
      const all = await database.db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, subscription.id))
      expect(all.some((payment) => payment.isRetry && payment.status === 'upcoming')).toBe(true)
    })

    it('a revoked consent fails the payment with reauthenticate_akahu, marks the member and method, and a new consent clears it', async () => {
      const { subscription, token, member, method } = await bankMember('2026-02-04')
      const day = await dueDay(subscription.id, '2026-02-04')
      fake.revokeToken(token)
      const before = fake.payments().length
      await billOn(day)

      const failed = await firstPayment(subscription.id)
      expect(failed.status).toBe('failed')
      expect(failed.errorStatus).toBe('reauthenticate_akahu')
      expect(failed.errorDescription).toMatch(/connect their bank again/)
      expect(failureReasonWords(failed.errorStatus, failed.errorDescription)).toBe('Bank connection ended')
      expect(fake.payments()).toHaveLength(before)
      const [user] = await database.db
        .select({ flag: users.reauthenticateAkahu })
        .from(users)
        .where(eq(users.id, member.id))
      expect(user?.flag).toBe(true)
      const [marked] = await database.db
        .select({ status: paymentMethods.status })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, method.id))
      expect(marked?.status).toBe('reauthenticate_akahu')

      // The failed-payment e-mail asks the member to connect their bank again, with the link to pay.
      await sendDunningNotices({
        db: database.db,
        now: later(day, MINUTE),
        mailer: createOutboxMailer({ db: database.db, driver: database.driver, close: async () => {} }),
        siteUrl: (_site, path) => `http://join.test${path}`,
      })
      const [mail] = await database.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, member.email))
      expect(mail?.text).toContain('Bank connection ended')
      expect(mail?.text).toContain('until you connect your bank again')
      expect(mail?.text).toContain('http://join.test/pay?token=')

      // Reading the accounts with the dead token says so too, in words, and never as a 5xx.
      const services = bank()
      await expect(
        syncBankAccounts({
          db: database.db,
          now: day,
          bankConsents: services.consents,
          organisationId,
          userId: member.id,
          acceptDemoBank: true,
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Connect your bank again/) })

      // The member consents again (a new token sharing the same account): the method can be charged again.
      const now = later(day, 2 * MINUTE)
      await database.db.insert(bankConnections).values({
        organisationId,
        userId: member.id,
        provider: 'akahu',
        accessToken: fake.grantToken([demoAccount.everyday.id]),
        connectedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      const synced = await syncBankAccounts({
        db: database.db,
        now,
        bankConsents: services.consents,
        organisationId,
        userId: member.id,
        acceptDemoBank: true,
      })
      expect(synced.methods.map((row) => row.id)).toEqual([method.id])
      const [active] = await database.db
        .select({ status: paymentMethods.status })
        .from(paymentMethods)
        .where(eq(paymentMethods.id, method.id))
      expect(active?.status).toBe('active')
    })

    it('a timeout after Akahu made the payment is settled by the key, with exactly one payment at Akahu', async () => {
      const { subscription } = await bankMember('2026-02-05')
      const day = await dueDay(subscription.id, '2026-02-05')
      fake.faults.hangAfterCreate = 1
      fake.faults.hangMs = 1_500
      const first = await billOn(day, { timeoutMs: 300 })
      expect(first.pending).toBe(0)
      const payment = await firstPayment(subscription.id)
      const [attempt] = await attemptsOf(payment.id)
      // The outcome is unknown: the attempt waits, and Akahu has the payment.
      expect(attempt?.status).toBe('started')
      expect(fake.paymentsWithKey(attempt!.idempotencyKey)).toHaveLength(1)

      // Later, the engine asks Akahu about the key instead of paying again.
      const settledRun = await billOn(later(day, 3 * MINUTE))
      expect(settledRun.settledInDoubt).toBe(1)
      const made = fake.paymentsWithKey(attempt!.idempotencyKey)
      expect(made).toHaveLength(1)
      const [settled] = await attemptsOf(payment.id)
      expect(settled?.providerReference).toBe(made[0]!._id)
      expect((await firstPayment(subscription.id)).akahuPaymentId).toBe(made[0]!._id)
      expect(fake.calls.filter((call) => call.idempotencyKey === attempt!.idempotencyKey)).toHaveLength(1)

      await billOn(later(day, 15 * MINUTE))
      expect((await firstPayment(subscription.id)).status).toBe('sent')
      expect(fake.paymentsWithKey(attempt!.idempotencyKey)).toHaveLength(1)
    })

    describe('the adapter on its own', () => {
      async function request(overrides: Partial<ChargeRequest> = {}): Promise<ChargeRequest> {
        const { subscription } = await bankMember('2026-02-06')
        await advanceSubscriptions({ db: database.db, now: at('2026-02-06') })
        const payment = await firstPayment(subscription.id)
        return {
          idempotencyKey: `gymbase-payment-${payment.id}-attempt-1-${members}`,
          amount: 2_550,
          currency: 'nzd',
          method: { type: 'bank_account', reference: demoAccount.everyday.id },
          description: 'Gym membership',
          metadata: { paymentId: payment.id, subscriptionId: subscription.id, organisationId },
          now: at('2026-02-06'),
          ...overrides,
        }
      }

      it('a key charged again answers Akahu’s first payment (its Idempotency-Key replay), and a changed amount is a reuse', async () => {
        const charge = await request()
        const provider = bank().charges
        const first = await provider.charge(charge)
        const again = await provider.charge(charge)
        expect(first).toEqual({ status: 'pending', reference: expect.stringMatching(/^payment_/) })
        expect(again).toEqual(first)
        expect(fake.paymentsWithKey(charge.idempotencyKey)).toHaveLength(1)
        await expect(provider.charge({ ...charge, amount: 9_900 })).rejects.toBeInstanceOf(
          IdempotencyKeyReusedError,
        )
        expect(await provider.findCharge({ idempotencyKey: 'never-used-key' })).toBeNull()
      })

      it('429s are retried with the same key; when they go on, the outcome is left to the key', async () => {
        const provider = bank().charges
        const charge = await request()
        fake.faults.rateLimited = 2
        expect((await provider.charge(charge)).status).toBe('pending')
        expect(fake.calls.filter((call) => call.idempotencyKey === charge.idempotencyKey)).toHaveLength(3)
        expect(fake.paymentsWithKey(charge.idempotencyKey)).toHaveLength(1)

        const another = await request()
        fake.faults.rateLimited = 10
        await expect(provider.charge(another)).rejects.toBeInstanceOf(PaymentProviderUnavailableError)
        expect(fake.paymentsWithKey(another.idempotencyKey)).toHaveLength(0)
      })

      it('an account no longer shared is refused before anything is made', async () => {
        const charge = await request({
          method: { type: 'bank_account', reference: 'acc_not_shared_000000001' },
        })
        expect(await bank().charges.charge(charge)).toMatchObject({
          status: 'failed',
          reference: null,
          errorStatus: 'account_not_found',
        })
      })

      it('a payment webhook’s status is applied once (exported for the webhook pipeline)', async () => {
        const { subscription } = await bankMember('2026-02-09')
        const day = await dueDay(subscription.id, '2026-02-09')
        await billOn(day)
        const payment = await firstPayment(subscription.id)
        const update = {
          db: database.db,
          now: later(day, MINUTE),
          akahuPaymentId: payment.akahuPaymentId!,
          status: 'SENT' as const,
        }
        expect(await applyAkahuPaymentUpdate({ ...update, status: 'PENDING_APPROVAL' })).toBe('still_pending')
        expect(await applyAkahuPaymentUpdate(update)).toBe('recorded')
        expect(await applyAkahuPaymentUpdate(update)).toBe('stale')
        expect(await applyAkahuPaymentUpdate({ ...update, akahuPaymentId: 'payment_unknown' })).toBe(
          'unknown_payment',
        )
        const [sent] = await database.db
          .select({ status: payments.status })
          .from(payments)
          .where(and(eq(payments.id, payment.id)))
        expect(sent?.status).toBe('sent')
      })
    })
  },
)
