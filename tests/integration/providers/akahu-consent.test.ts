import { and, eq, isNotNull } from 'drizzle-orm'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import { authUrlSchema, paymentTypeSchema } from '~/contracts/join-payment'
import { bankConnections } from '~/db/schema'
import { z } from '~/lib/validation'
import { grantSandboxBankConsent } from '~/server/providers/payments/bank-consent-sandbox.server'
import { createBankServices } from '~/server/providers/payments/bank-services.server'
import { BankConsentEndedError } from '~/server/providers/payments/payment-method-setup'
import { getProviderConfig, resetProviderConfigCache } from '~/server/providers/provider-config.server'
import { createSecretBox } from '~/server/secret-box.server'
import {
  consentEndedMessage,
  consentExpiredMessage,
} from '~/server/services/payment-methods/bank-consent.server'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { AKAHU_APP_SECRET, AKAHU_APP_TOKEN, createAkahuFake, demoAccount } from '../../mocks/akahu/akahu-fake'
import { TEST_DATA_KEY } from '../../mocks/data-key'
import { readData, readMessage } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'

// Akahu chosen by configuration, its API at a local address (AKAHU_API_BASE), answered by the fake.
const fake = createAkahuFake({ baseUrl: 'http://akahu.fake.test:4010' })
const server = setupServer(...fake.handlers)
const akahuEnv = {
  AKAHU_APP_TOKEN,
  AKAHU_APP_SECRET,
  AKAHU_MODE: 'test',
  AKAHU_API_BASE: 'http://akahu.fake.test:4010',
  DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
}

beforeAll(() => {
  server.listen({ onUnhandledFrame: 'error' })
  Object.assign(process.env, akahuEnv)
  resetProviderConfigCache()
})
afterAll(() => {
  for (const name of Object.keys(akahuEnv)) delete process.env[name]
  resetProviderConfigCache()
  server.close()
})

describeEachDatabase(
  'Akahu consent through the API (issue 26 point 3: auth-url, exchange, sync-accounts)',
  (database) => {
    let org: TestOrganisation
    let members = 0
    const now = new Date('2026-03-10T01:00:00Z')

    beforeAll(async () => {
      org = await createTestOrganisation({ db: database.db, now })
      // A price on sale, so the gym takes sign-ups.
      await createTestPrice({
        db: database.db,
        organisationId: org.organisation.id,
        gymIds: [org.gyms[0]!.id],
        now,
      })
    })

    async function member() {
      members += 1
      const testApi = createTestApi(database, { now: () => now })
      const { browser, me } = await joinAsMember(testApi, {
        gymUuid: org.gyms[0]!.uuid,
        name: 'Hemi Akahu',
        email: `akahu-consent-${members}-${process.pid}@members.test`,
        ip: `203.0.113.${members + 40}`,
      })
      return { browser, id: me.id }
    }

    type Browser = Awaited<ReturnType<typeof member>>['browser']

    async function consentUrl(browser: Browser) {
      const { url } = await readData(await browser.get('/akahu/auth-url'), authUrlSchema)
      return new URL(url)
    }

    it('sends the member to Akahu with our app, the enduring scope, their state and our return address', async () => {
      const { browser } = await member()
      const url = await consentUrl(browser)
      expect(url.origin).toBe('https://oauth.akahu.nz')
      expect(url.searchParams.get('client_id')).toBe(AKAHU_APP_TOKEN)
      expect(url.searchParams.get('response_type')).toBe('code')
      expect(url.searchParams.get('scope')).toBe('ENDURING_CONSENT')
      expect(url.searchParams.get('redirect_uri')).toBe(`${joinOrigin}/connect-akahu`)
      expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{48}$/)
      // The secret never goes to the browser.
      expect(url.toString()).not.toContain(AKAHU_APP_SECRET)
      // A new visit gets a new state.
      expect((await consentUrl(browser)).searchParams.get('state')).not.toBe(url.searchParams.get('state'))
    })

    it('exchanges the code once for the member’s token, and saves the accounts that can pay', async () => {
      const { browser, id } = await member()
      const url = await consentUrl(browser)
      const back = new URL(
        fake.consent({
          redirectUri: url.searchParams.get('redirect_uri')!,
          state: url.searchParams.get('state')!,
          accounts: [demoAccount.everyday.id, demoAccount.savings.id, demoAccount.overdrawn.id],
        }),
      )
      const code = back.searchParams.get('code')!
      const tokenCalls = () =>
        fake.calls.filter((call) => call.path === '/v1/token' && call.method === 'POST')
      const before = tokenCalls().length

      // Someone else's state (or none of ours) is refused before Akahu is asked.
      const forged = await browser.post('/akahu/exchange', { code, state: 'f'.repeat(48) })
      expect(forged.status).toBe(422)
      expect(await readMessage(forged)).toBe(consentExpiredMessage)
      expect(tokenCalls()).toHaveLength(before)

      const exchanged = await browser.post('/akahu/exchange', { code, state: back.searchParams.get('state') })
      expect(exchanged.status).toBe(200)
      expect(tokenCalls()).toHaveLength(before + 1)
      const [connection] = await database.db
        .select()
        .from(bankConnections)
        .where(and(eq(bankConnections.userId, id), isNotNull(bankConnections.accessToken)))
      expect(connection?.provider).toBe('akahu')
      // Kept sealed (ADR 043): a copy of the database holds no token that could pay from the account.
      expect(connection?.accessToken).toMatch(/^sealed:v1:/)
      const memberToken = createSecretBox(TEST_DATA_KEY).open(connection?.accessToken ?? '')
      expect(memberToken).toMatch(/^user_token_/)
      expect(connection?.accessToken).not.toContain(memberToken)

      // The same state again: used. The same code with a fresh state: Akahu says invalid_grant. Both a plain 4xx.
      const reused = await browser.post('/akahu/exchange', { code, state: back.searchParams.get('state') })
      expect(reused.status).toBe(422)
      const fresh = await consentUrl(browser)
      const replayed = await browser.post('/akahu/exchange', { code, state: fresh.searchParams.get('state') })
      expect(replayed.status).toBe(422)
      expect(await readMessage(replayed)).toBe(consentExpiredMessage)

      const synced = await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema))
      // The savings account cannot make payments at Akahu: it is not offered. Demo Bank (99) is accepted in test mode.
      expect(synced.map((method) => method.name).sort()).toEqual(['Everyday', 'Overdrawn'])
      expect(synced.every((method) => method.type === 'bank_account')).toBe(true)
      expect(synced.filter((method) => method.is_default)).toHaveLength(1)
      expect(synced.map((method) => method.bank_account_number).join(' ')).not.toContain('9999999')
      // Syncing again adds nothing.
      expect(
        await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema)),
      ).toHaveLength(2)
      // Every call went to the configured address, with our app's id.
      expect(fake.calls.some((call) => call.path === '/v1/accounts')).toBe(true)

      // The member revokes the consent at their bank: syncing says so in words and asks them to reconnect.
      fake.revokeToken(memberToken)
      const ended = await browser.post('/akahu/sync-accounts')
      expect(ended.status).toBe(409)
      expect(await readMessage(ended)).toBe(consentEndedMessage)
      expect((await readData(await browser.get('/me'), sessionUserSchema)).reauthenticate_akahu).toBe(true)

      // Connecting again clears it.
      const again = await consentUrl(browser)
      const back2 = new URL(
        fake.consent({
          redirectUri: again.searchParams.get('redirect_uri')!,
          state: again.searchParams.get('state')!,
          accounts: [demoAccount.everyday.id],
        }),
      )
      expect(
        (
          await browser.post('/akahu/exchange', {
            code: back2.searchParams.get('code'),
            state: back2.searchParams.get('state'),
          })
        ).status,
      ).toBe(200)
      expect((await readData(await browser.get('/me'), sessionUserSchema)).reauthenticate_akahu).toBe(false)
      expect(
        await readData(await browser.post('/akahu/sync-accounts'), z.array(paymentTypeSchema)),
      ).toHaveLength(2)
    })

    it('revoking a token ends the consent at Akahu, and the sandbox’s the same way', async () => {
      const akahu = createBankServices(getProviderConfig().bank, database.db).consents
      expect(akahu.name).toBe('akahu')
      expect(akahu.demoBank).toBe(true)
      const grantedToken = fake.grantToken([demoAccount.everyday.id])
      // As the consent keeps it: sealed, opened only by the adapter.
      const token = createSecretBox(TEST_DATA_KEY).seal(grantedToken)
      expect(await akahu.listAccounts({ accessToken: token })).toEqual([
        { reference: demoAccount.everyday.id, name: 'Everyday', accountNumber: '99-9999-9999999-91' },
      ])
      await akahu.revoke({ accessToken: token })
      expect(fake.isRevoked(grantedToken)).toBe(true)
      await expect(akahu.listAccounts({ accessToken: token })).rejects.toBeInstanceOf(BankConsentEndedError)
      // A token already revoked is no error.
      await expect(akahu.revoke({ accessToken: token })).resolves.toBeUndefined()

      const sandbox = createBankServices({ provider: 'sandbox', mode: 'test' }, database.db).consents
      const back = new URL(
        await grantSandboxBankConsent({
          db: database.db,
          redirectUri: `${joinOrigin}/connect-akahu`,
          state: 'sandbox-state',
          accountSuffixes: ['91'],
          now,
        }),
      )
      const granted = await sandbox.exchangeCode({
        code: back.searchParams.get('code')!,
        redirectUri: `${joinOrigin}/connect-akahu`,
        now,
      })
      expect(await sandbox.listAccounts({ accessToken: granted!.accessToken })).toHaveLength(1)
      await sandbox.revoke({ accessToken: granted!.accessToken })
      await expect(sandbox.listAccounts({ accessToken: granted!.accessToken })).rejects.toBeInstanceOf(
        BankConsentEndedError,
      )
    })

    it('the sandbox’s own consent endpoints are closed while Akahu is configured', async () => {
      const { browser } = await member()
      expect((await browser.get('/sandbox/bank-consents/accounts')).status).toBe(404)
    })
  },
)
