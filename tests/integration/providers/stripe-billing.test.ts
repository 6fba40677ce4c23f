import { and, eq } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { gyms, paymentMethods, payments, users } from '~/db/schema'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createBankSandbox } from '~/server/providers/payments/bank-sandbox.server'
import { createStripeCardAccounts } from '~/server/providers/payments/stripe/stripe-card-accounts.server'
import { createStripeCardSetups } from '~/server/providers/payments/stripe/stripe-card-setups.server'
import { createStripeCharges } from '~/server/providers/payments/stripe/stripe-charges.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { sendDunningNotices } from '~/server/services/dunning/send-dunning-notices.server'
import { saveCard } from '~/server/services/payment-methods/save-card.server'
import { startCardSetup } from '~/server/services/payment-methods/start-card-setup.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { createTestMember, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { StripeFake } from '../../mocks/stripe/stripe-fake'
import { instantRateLimit, testStripeClient } from '../../mocks/stripe/stripe-test-client'
import { paymentsOf } from '../support/billing'
import { describeEachDatabase } from '../support/database'

const fake = new StripeFake()
const server = setupServer(...fake.handlers())
// Before any client is made: Stripe's fetch client takes the global fetch MSW replaces when made.
server.listen({ onUnhandledFrame: 'error' })
afterAll(() => server.close())

const at = (day: string) => new Date(`${day}T00:00:00Z`)
const siteUrl = (site: 'join' | 'console', path: string) => `http://${site}.test${path}`

describeEachDatabase(
  'cards on Stripe: saved on the gym’s account, charged by the billing engine',
  (database) => {
    const stripe = testStripeClient()
    const rateLimit = instantRateLimit()
    const cardSetups = createStripeCardSetups({ stripe, rateLimit })
    const charges = createStripeCharges({ stripe, rateLimit })
    const providers = () => ({ card: charges, bank: createBankSandbox({ db: database.db }) })
    let org: TestOrganisation
    let accountId: string
    let priceId: number
    const sent: { to: string; subject: string; text: string }[] = []
    const mailer: Mailer = {
      async send({ to, message }) {
        sent.push({ to, subject: message.subject, text: message.text })
      },
      async sendMany({ messages }) {
        for (const { to, message } of messages)
          sent.push({ to, subject: message.subject, text: message.text })
      },
    }

    beforeAll(async () => {
      const db = database.db
      org = await createTestOrganisation({ db, now: at('2026-02-01') })
      const accounts = createStripeCardAccounts({ stripe, rateLimit })
      accountId = (
        await accounts.createAccount({
          metadata: { gym_uuid: org.gyms[0]!.uuid },
          businessName: 'Central',
          now: at('2026-02-01'),
        })
      ).accountId
      fake.completeOnboarding(accountId)
      await db
        .update(gyms)
        .set({ stripeId: accountId, stripeChargesEnabled: true })
        .where(eq(gyms.id, org.gyms[0]!.id))
      priceId = (
        await createTestPrice({
          db,
          organisationId: org.organisation.id,
          gymIds: [org.gyms[0]!.id],
          billingFrequency: 'weekly',
          amount: 2500,
          now: at('2026-02-01'),
        })
      ).price.id
    })

    async function memberWithCard(testCard: 'pm_card_visa' | 'pm_card_authenticationRequired') {
      const db = database.db
      const now = at('2026-02-02')
      const member = await createTestMember({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        now,
      })
      const setup = await startCardSetup({
        db,
        now,
        cardSetups,
        organisationId: org.organisation.id,
        userId: member.id,
      })
      expect(setup).toMatchObject({
        provider: 'stripe',
        accountId,
        clientSecret: expect.stringMatching(/^seti_\w+_secret_/),
      })
      // The SetupIntent and its customer live on the gym's account, for off-session use.
      expect(fake.setupIntents.get(setup.id)).toMatchObject({
        account: accountId,
        body: { usage: 'off_session' },
      })
      fake.confirmSetup(setup.id, testCard)
      const card = await saveCard({
        db,
        now,
        cardSetups,
        organisationId: org.organisation.id,
        userId: member.id,
        setupId: setup.id,
      })
      const subscription = await createSubscription({
        db,
        now,
        organisationId: org.organisation.id,
        userId: member.id,
        gymId: org.gyms[0]!.id,
        priceId,
        startDate: '2026-02-02',
      })
      return { member, card, subscription, setup }
    }

    it('keeps pm_, cus_ and acct_ together, reuses the member’s customer, and charges a direct PaymentIntent on the gym’s account', async () => {
      const { member, card, subscription } = await memberWithCard('pm_card_visa')
      const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id))
      expect(row).toMatchObject({
        type: 'stripe_card',
        brand: 'visa',
        lastFour: '4242',
        expMonth: 12,
        expYear: 2034,
        country: 'NZ',
        providerReference: expect.stringMatching(/^pm_/),
        providerCustomerReference: expect.stringMatching(/^cus_/),
        providerAccountReference: accountId,
      })
      // A second card for the same member at the same gym: the same customer, no new one.
      const customers = fake.customers.size
      const second = await startCardSetup({
        db: database.db,
        now: at('2026-02-02'),
        cardSetups,
        organisationId: org.organisation.id,
        userId: member.id,
      })
      expect(fake.customers.size).toBe(customers)
      expect(fake.setupIntents.get(second.id)?.body.customer).toBe(row?.providerCustomerReference)

      await advanceSubscriptions({ db: database.db, now: at('2026-02-02') })
      await advanceSubscriptions({ db: database.db, now: at('2026-02-09') })
      await runBilling({ db: database.db, providers: providers(), now: at('2026-02-09') })
      const charged = (await paymentsOf(database.db, subscription.id)).find(
        (payment) => payment.dueOn === '2026-02-09',
      )
      expect(charged).toMatchObject({ status: 'sent', stripeId: expect.stringMatching(/^pi_/) })
      const intent = fake.paymentIntents.get(charged?.stripeId ?? '')
      expect(intent).toMatchObject({
        account: accountId,
        body: {
          amount: 2500,
          customer: row?.providerCustomerReference,
          payment_method: row?.providerReference,
          metadata: { payment_id: String(charged?.id), idempotency_key: charged?.idempotencyKey },
        },
      })
    })

    it('authentication_required: no off-session retry, and the member is sent a payment link even with reminders off', async () => {
      const db = database.db
      const { member, subscription } = await memberWithCard('pm_card_authenticationRequired')
      await db.update(users).set({ paymentReminders: false }).where(eq(users.id, member.id))
      await advanceSubscriptions({ db, now: at('2026-02-02') })
      await advanceSubscriptions({ db, now: at('2026-02-09') })
      await runBilling({ db, providers: providers(), now: at('2026-02-09') })
      const all = await paymentsOf(database.db, subscription.id)
      const failed = all.find((payment) => payment.dueOn === '2026-02-09')
      expect(failed).toMatchObject({
        status: 'failed',
        errorStatus: 'authentication_required',
        errorDescription: expect.stringMatching(/approve this payment themselves/),
        stripeId: expect.stringMatching(/^pi_/),
      })
      const retries = await db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, subscription.id), eq(payments.isRetry, true)))
      expect(retries).toHaveLength(0)

      sent.length = 0
      await sendDunningNotices({ db, now: at('2026-02-09'), mailer, siteUrl })
      const toMember = sent.filter((mail) => mail.to === member.email)
      expect(toMember).toHaveLength(1)
      expect(toMember[0]?.text).toMatch(/http:\/\/join\.test\/pay\?token=/)
    })
  },
)
