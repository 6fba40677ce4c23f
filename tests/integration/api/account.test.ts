import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { accountOverviewSchema } from '~/contracts/account'
import { accountBalanceSchema } from '~/contracts/account-payments'
import { activeSubscriptionSchema, paymentTypeSchema } from '~/contracts/join-payment'
import { auditLog, gyms, paymentMethods, payments, subscriptions } from '~/db/schema'
import { z } from '~/lib/validation'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import {
  removeDefaultMethodMessage,
  removeInFlightMethodMessage,
} from '~/server/services/payment-methods/remove-payment-method.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { addSandboxPaymentMethod, createTestPriceFor } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { joinAsMember, joinedCardMembership } from '../support/join'
import { signInStaff } from '../support/sign-in'

// A Tuesday afternoon in Auckland: 2026-03-17.
const now = new Date('2026-03-17T01:00:00Z')

describeEachDatabase('Issue 28: the member’s own account', (database) => {
  let org: TestOrganisation
  let priceId: number
  let members = 0
  const testApi = createTestApi(database, { now: () => now })

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby'] })
    const { price } = await createTestPriceFor({ db: database.db, organisation: org, amount: 2500, now })
    priceId = price.id
    await database.db
      .update(gyms)
      .set({ contactEmail: 'ponsonby@test.gym.nz', contactPhone: '09 555 0123', address: '1 Ponsonby Road' })
      .where(eq(gyms.id, org.gyms[0]!.id))
  })

  const nextMember = () => {
    members += 1
    return {
      gymUuid: org.gyms[0]!.uuid,
      name: `Aroha Account${members}`,
      email: `account-${members}-${process.pid}@members.test`,
      ip: `198.51.100.${(members % 200) + 20}`,
    }
  }

  describe('GET /me/account', () => {
    it('says the membership, the next charge the welcome page says, nothing owed, the way in and the gym', async () => {
      const { browser } = await joinedCardMembership(testApi, {
        db: database.db,
        organisation: org,
        priceId,
        startDate: '2026-03-17',
        now,
        member: nextMember(),
      })
      const account = await readData(await browser.get('/me/account'), accountOverviewSchema)
      const welcome = await readData(await browser.get('/me/active-subscription'), activeSubscriptionSchema)
      expect(account.membership).toMatchObject({
        state: 'active',
        gym_name: 'Ponsonby',
        amount: 2500,
        billing_frequency: 'weekly',
        start_date: '2026-03-17',
        term: null,
        pause: null,
        cancellation: null,
      })
      expect(account.membership?.state_words).toMatch(/^Active/)
      // One rule for the next charge: the welcome page's and the account's are the same answer.
      expect(account.membership?.next_charge).toEqual(welcome.next_charge)
      expect(account.membership?.next_charge?.on).toBe('2026-03-24')
      expect(account.owing).toEqual({ total: 0, grace_period_ends_on: null, items: [] })
      // No door system: the reception sentence.
      expect(account.door).toEqual({
        words: expect.stringMatching(/^Show your name at reception at Ponsonby/),
        code: null,
      })
      expect(account.gym).toEqual({
        name: 'Ponsonby',
        email: 'ponsonby@test.gym.nz',
        phone: '09 555 0123',
        address: '1 Ponsonby Road',
      })
    })

    it('says what is owed, why, and the grace period’s end, as the engine counts it', async () => {
      const { browser, me } = await joinAsMember(testApi, nextMember())
      await addSandboxPaymentMethod({
        db: database.db,
        now,
        organisation: org,
        userId: me.id,
        // Saved, then every charge declined.
        pays: { card: '0341', expYear: 2031, makeDefault: true },
      })
      const subscription = await createMembership({
        db: database.db,
        now,
        organisationId: org.organisation.id,
        userId: me.id,
        priceId,
        startDate: '2026-03-17',
      })
      await runBilling({ db: database.db, providers: createSandboxProviders({ db: database.db }), now })
      const [row] = await database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, subscription.id))
      expect(row?.balanceOwing).toBeGreaterThan(0)

      const account = await readData(await browser.get('/me/account'), accountOverviewSchema)
      expect(account.owing.total).toBe(row?.balanceOwing)
      expect(account.owing.grace_period_ends_on).toBe(row?.gracePeriodEndsAt)
      expect(account.owing.items).toHaveLength(1)
      expect(account.owing.items[0]).toMatchObject({ amount: row?.balanceOwing, due_on: '2026-03-17' })
      expect(account.owing.items[0]?.why).toMatch(/^The payment for 17 Mar – 24 Mar 2026 didn’t go through: /)
      // One answer for what is owed: the overview's and the payments page's, adding up to the balance.
      const balance = await readData(await browser.get('/me/balance'), accountBalanceSchema)
      expect(balance.balance_owing).toBe(account.owing.total)
      expect(balance.grace_period_ends_at).toBe(account.owing.grace_period_ends_on)
      expect(balance.owed.map((owed) => [owed.payment_id, owed.amount])).toEqual(
        account.owing.items.map((item) => [item.payment_id, item.amount]),
      )
      expect(account.owing.items.reduce((sum, item) => sum + item.amount, 0)).toBe(account.owing.total)
      expect(account.membership?.state).toBe('in_grace_period')
      expect(account.membership?.state_words).toBe(
        'A payment didn’t go through. Pay $25.00 by Tue 31 Mar 2026 to keep your membership.',
      )
      expect(row?.gracePeriodEndsAt).toBe('2026-03-31')
    })

    it('is the member’s own: staff and guests are refused', async () => {
      const staff = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
      expect((await staff.get('/me/account')).status).toBe(403)
      const guest = testApi.browser({ ip: '198.51.100.250' })
      expect((await guest.get('/me/account')).status).toBe(401)
    })
  })

  describe('DELETE /me/payment-types/{id}', () => {
    it('removes a method that is not the default, once, tells the member and writes their history', async () => {
      const { browser, me } = await joinedCardMembership(testApi, {
        db: database.db,
        organisation: org,
        priceId,
        startDate: '2026-03-17',
        now,
        member: nextMember(),
      })
      const spare = await addSandboxPaymentMethod({
        db: database.db,
        now,
        organisation: org,
        userId: me.id,
        pays: { card: '4444', expYear: 2030, makeDefault: false },
      })
      const before = await readData(await browser.get('/me/payment-types'), z.array(paymentTypeSchema))
      const defaultId = before.find((method) => method.is_default)?.id
      expect(before.map((method) => method.id)).toContain(spare.id)

      // The default can't go: in words.
      const refused = await browser.request('DELETE', `/me/payment-types/${defaultId}`)
      expect(refused.status).toBe(409)
      expect(await readMessage(refused)).toBe(removeDefaultMethodMessage)

      // Two presses at once: removed once, both answer the list without it.
      const [first, second] = await Promise.all([
        browser.request('DELETE', `/me/payment-types/${spare.id}`),
        browser.request('DELETE', `/me/payment-types/${spare.id}`),
      ])
      for (const answer of [first, second]) {
        const list = await readData(answer, z.array(paymentTypeSchema))
        expect(list.map((method) => method.id)).toEqual([defaultId])
      }
      const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, spare.id))
      expect(row?.deletedAt).not.toBeNull()
      const lines = await database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment_method.removed'), eq(auditLog.subjectId, me.id)))
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatchObject({
        actorUserId: me.id,
        changes: { description: 'Removed their Visa ending 4444 (online)' },
      })
      const mail = await testApi.latestMail(me.email)
      expect(mail.subject).toMatch(/^You removed a payment method/)
      expect(mail.text).toContain('Your Visa ending 4444 is no longer saved with')
    })

    it('waits while a payment from the method is on its way', async () => {
      const { browser, me, subscription } = await joinedCardMembership(testApi, {
        db: database.db,
        organisation: org,
        priceId,
        startDate: '2026-03-17',
        now,
        member: nextMember(),
      })
      const spare = await addSandboxPaymentMethod({
        db: database.db,
        now,
        organisation: org,
        userId: me.id,
        pays: { bankAccount: '12-3140-0171323-00', makeDefault: false },
      })
      await database.db.insert(payments).values({
        organisationId: org.organisation.id,
        subscriptionId: subscription.id,
        userId: me.id,
        gymId: org.gyms[0]!.id,
        paymentMethodId: spare.id,
        amount: 2500,
        dueOn: '2026-03-17',
        status: 'pending_request',
        type: 'bank_account',
      })
      const refused = await browser.request('DELETE', `/me/payment-types/${spare.id}`)
      expect(refused.status).toBe(409)
      expect(await readMessage(refused)).toBe(removeInFlightMethodMessage)
    })

    it('another member’s method is a 404, and so is one that does not exist', async () => {
      const owner = await joinAsMember(testApi, nextMember())
      const theirs = await addSandboxPaymentMethod({
        db: database.db,
        now,
        organisation: org,
        userId: owner.me.id,
        pays: { card: '4242', expYear: 2031, makeDefault: false },
      })
      const { browser } = await joinAsMember(testApi, nextMember())
      expect((await browser.request('DELETE', `/me/payment-types/${theirs.id}`)).status).toBe(404)
      expect((await browser.request('DELETE', '/me/payment-types/2147483647')).status).toBe(404)
      const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, theirs.id))
      expect(row?.deletedAt).toBeNull()
    })
  })
})
