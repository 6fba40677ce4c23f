import { expect } from 'vitest'
import { hashPassword } from '~/server/auth/password.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import type { TestOrganisation } from '../../factories/organisation-factory'
import { createTestApi } from './api'
import type { TestDatabaseContext } from './database'

export type TestApi = ReturnType<typeof createTestApi>
export type TestBrowser = ReturnType<TestApi['browser']>

export const staffPassword = 'correct horse battery'

let staffCount = 0
let passwordHash: Promise<string> | undefined

/**
 * The one way API tests sign staff in: a staff user with the roles asked for, signed in through
 * `/login` and the e-mailed code like a browser, each with its own address and client IP so the
 * abuse limits of ADR 008 never join two tests together.
 */
export async function signInStaff(options: {
  database: TestDatabaseContext
  api: TestApi
  now: Date
  organisation: TestOrganisation
  admin?: boolean
  gyms?: Array<{ index: number; role: 'admin' | 'personal_trainer' }>
}): Promise<TestBrowser> {
  passwordHash ??= hashPassword(staffPassword)
  staffCount += 1
  const { user } = await createStaffUser({
    db: options.database.db,
    now: options.now,
    organisationId: options.organisation.organisation.id,
    name: 'Test Staff',
    email: `staff-${staffCount}-${process.pid}@sign-in.test`,
    passwordHash: await passwordHash,
    organisationRole: options.admin ? 'admin' : null,
    gymRoles: (options.gyms ?? []).map((gym) => {
      const found = options.organisation.gyms[gym.index]
      if (!found) throw new Error(`The organisation has no gym ${gym.index}`)
      return { gymId: found.id, role: gym.role }
    }),
    emailVerified: true,
  })
  const browser = options.api.browser({
    ip: `198.18.${Math.floor(staffCount / 250)}.${(staffCount % 250) + 1}`,
  })
  const login = await browser.post('/login', { email: user.email, password: staffPassword })
  expect(login.status, await login.clone().text()).toBeLessThan(500)
  const verified = await browser.post('/email/verify', { code: await options.api.latestCode(user.email) })
  expect(verified.status).toBe(200)
  return browser
}

/**
 * `signInStaff` bound to a test file's database, clock, organisation (read when called: suites set
 * their organisation in `beforeAll`) and API: `signIn({ admin: true })`, `signIn({ gyms: [{ index: 0, role }] })`,
 * `signIn({ org: other, admin: true })`.
 */
export function staffSignIn(options: {
  database: TestDatabaseContext
  now: Date
  organisation: () => TestOrganisation
  /** The test file's API, when it has one; else each sign-in is on an API of its own. */
  api?: TestApi
}) {
  return (ask: {
    org?: TestOrganisation
    admin?: boolean
    gyms?: Array<{ index: number; role: 'admin' | 'personal_trainer' }>
  }) =>
    signInStaff({
      database: options.database,
      api: options.api ?? createTestApi(options.database, { now: () => options.now }),
      now: options.now,
      organisation: ask.org ?? options.organisation(),
      admin: ask.admin,
      gyms: ask.gyms,
    })
}
