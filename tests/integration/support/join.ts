import { expect } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import type { Db } from '~/db/client.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { addSandboxPaymentMethod } from '../../factories/member-factory'
import type { TestOrganisation } from '../../factories/organisation-factory'
import { readData } from './answers'
import { joinOrigin, type TestApi } from './api'

/** The password members sign up with in API tests. */
export const memberPassword = 'a long enough passphrase'

/**
 * A member signed up at the gym `gymUuid` as the join site does: `/register` (201), then the e-mailed
 * code. Each caller gives its own address and client IP, so the abuse limits never join two tests.
 */
export async function joinAsMember(
  testApi: TestApi,
  options: { gymUuid: string; name: string; email: string; ip: string; mobile?: string },
) {
  const { email } = options
  const browser = testApi.browser({ origin: joinOrigin, ip: options.ip })
  const registered = await browser.post('/register', {
    gym: options.gymUuid,
    name: options.name,
    email,
    mobile_number: options.mobile ?? '021 555 0100',
    dob: '1990-04-05',
    password: memberPassword,
  })
  expect(registered.status, await registered.clone().text()).toBe(201)
  await browser.post('/email/verify', { code: await testApi.latestCode(email) })
  const me = await readData(await browser.get('/me'), sessionUserSchema)
  return { browser, me }
}

/**
 * A member who joined at the organisation's first gym (`joinAsMember` with `member`), saved the card
 * sandbox's 4242 card (expiring 2031) as their default, and holds `priceId` from `startDate` through the
 * membership service, with its first payment taken at `now` (as a run catching up would).
 */
export async function joinedCardMembership(
  testApi: TestApi,
  options: {
    db: Db
    organisation: TestOrganisation
    priceId: number
    startDate: string
    now: Date
    member: Parameters<typeof joinAsMember>[1]
  },
) {
  const { db, organisation, now } = options
  const { browser, me } = await joinAsMember(testApi, options.member)
  await addSandboxPaymentMethod({
    db,
    now,
    organisation,
    userId: me.id,
    pays: { card: '4242', expYear: 2031, makeDefault: true },
  })
  const subscription = await createMembership({
    db,
    now,
    organisationId: organisation.organisation.id,
    userId: me.id,
    priceId: options.priceId,
    startDate: options.startDate,
  })
  await runBilling({ db, providers: createSandboxProviders({ db }), now })
  return { browser, me, subscription }
}
