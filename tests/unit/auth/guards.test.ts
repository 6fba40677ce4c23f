import { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '~/contracts/auth'
import type { SessionState } from '~/features/auth/auth.functions'
import {
  nextRegistrationStep,
  redirectSignedInFromRegister,
  requireJoinedMember,
  requireMember,
  requireStaff,
} from '~/features/auth/guards'
import { requireConsoleArea } from '~/features/auth/route-guard'
import { createSessionStore } from '~/features/auth/session'
import { testSessionUser } from '../../factories/session-user'

// Outside a request there is no host to read; the site names come from here instead.
vi.mock('~/lib/site-config', () => ({
  getSiteConfig: () => ({
    join: 'join.localhost',
    console: 'console.localhost',
    protocol: 'http:',
    port: '',
  }),
}))

/**
 * The guards of SPEC §2.3 with the session already in the page's store (as the server hands it over), so
 * each outcome of loading the user can be set up directly, including "any other failure".
 */
const user: SessionUser = testSessionUser({ name: 'Kiri', email: 'kiri@example.nz' })

let queryClient: QueryClient
const location = { publicHref: '/members?page=2', search: {} }

function withSession(state: SessionState) {
  const session = createSessionStore(() => Promise.reject(new Error('The guard asked the API again')))
  session.seed(state)
  return { location, context: { session, queryClient } }
}

async function thrown(promise: Promise<unknown>) {
  try {
    await promise
  } catch (caught) {
    return caught
  }
  throw new Error('The guard let the visitor through')
}

beforeEach(() => {
  queryClient = new QueryClient()
})

describe('console guard', () => {
  it('sends a visitor to login with the public path to come back to', async () => {
    expect(await thrown(requireStaff(withSession({ kind: 'guest' })))).toMatchObject({
      options: { to: '/console/login', search: { redirect: '/members?page=2' } },
    })
  })

  it('sends any other failure to load the user to login with the redirect too', async () => {
    expect(await thrown(requireStaff(withSession({ kind: 'error', message: 'Server Error' })))).toMatchObject(
      {
        options: { to: '/console/login', search: { redirect: '/members?page=2' } },
      },
    )
  })

  it('sends a pending second factor to the two-factor screen', async () => {
    expect(
      await thrown(requireStaff(withSession({ kind: 'two_factor', email: 'aroha@example.nz' }))),
    ).toMatchObject({
      options: { to: '/console/two-factor-authentication', search: { redirect: '/members?page=2' } },
    })
  })

  it("sends a member to the join site's register route", async () => {
    const redirect = await thrown(
      requireStaff(withSession({ kind: 'user', user: { ...user, is_staff: false } })),
    )
    expect(redirect).toMatchObject({ options: { href: 'http://join.localhost/', reloadDocument: true } })
  })

  it('lets staff through, and keeps organisation settings for organisation admins', async () => {
    await expect(requireStaff(withSession({ kind: 'user', user }))).resolves.toEqual({ user })
    expect(() => requireConsoleArea(user, 'organisation')).toThrow()
    const admin = {
      ...user,
      current_organisation: { id: 1, name: 'Demo Fitness', multi_gym: true, role: 'admin' as const },
    }
    expect(() => requireConsoleArea(admin, 'organisation')).not.toThrow()
  })
})

describe('join guards', () => {
  it('send a visitor on a registration step to register, and a pending code to the code screen', async () => {
    expect(await thrown(requireMember(withSession({ kind: 'error', message: 'x' })))).toMatchObject({
      options: { to: '/join', search: { redirect: '/members?page=2' } },
    })
    expect(
      await thrown(requireMember(withSession({ kind: 'two_factor', email: 'aroha@example.nz' }))),
    ).toMatchObject({
      options: { to: '/join/verification-code', search: { twoFactorAuth: true } },
    })
  })

  it('send staff on a registration route to the console dashboard', async () => {
    expect(await thrown(redirectSignedInFromRegister(withSession({ kind: 'user', user })))).toMatchObject({
      options: { href: 'http://console.localhost/dashboard' },
    })
  })

  it('follow the routing order of SPEC §2.1 for a signed-in member', () => {
    const member = { ...user, is_staff: false }
    // "About you" first (issue 14), then SPEC §2.1's order.
    expect(nextRegistrationStep({ ...member, register_fields_completed: false })).toBe('/join/about-you')
    expect(nextRegistrationStep({ ...member, register_fields_completed: false, price_id: 9 })).toBe(
      '/join/account',
    )
    expect(nextRegistrationStep(member)).toBe('/join/take-photo')
    expect(nextRegistrationStep({ ...member, profile_picture: 'me.jpg' })).toBe('/join/choose-payment-method')
    expect(
      nextRegistrationStep({
        ...member,
        profile_picture: 'me.jpg',
        payment_types: [{ id: 3, type: 'bank_account' }],
      }),
    ).toBe('/join/confirm-subscription')
    expect(nextRegistrationStep({ ...member, price_id: 9 })).toBe('/join/account')
  })

  it('open the account to a member who has joined, and send one still joining to their next step', async () => {
    const member = { ...user, is_staff: false, profile_picture: 'me.jpg' }
    await expect(
      requireJoinedMember(withSession({ kind: 'user', user: { ...member, price_id: 9 } })),
    ).resolves.toEqual({
      user: { ...member, price_id: 9 },
    })
    expect(await thrown(requireJoinedMember(withSession({ kind: 'user', user: member })))).toMatchObject({
      options: { to: '/join/choose-payment-method' },
    })
    expect(await thrown(requireJoinedMember(withSession({ kind: 'guest' })))).toMatchObject({
      options: { to: '/join' },
    })
  })
})
