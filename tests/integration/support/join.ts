import { expect } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
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
