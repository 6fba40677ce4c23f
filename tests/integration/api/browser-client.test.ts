import { beforeAll, expect, it } from 'vitest'
import { authRoutes } from '~/contracts/api/auth.routes'
import { createBrowserApiClient } from '~/contracts/api/browser-client'
import { joinRoutes } from '~/contracts/api/join.routes'
import { ApiError } from '~/lib/api-error'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'

/**
 * The join site's calls from the browser (ADR 048) against the API itself: `fetch` to `/api` on the
 * join site's origin, with the cookies a browser keeps, as `app/contracts/api/call.ts` makes them.
 */
describeEachDatabase('the browser’s API client against the API', (database) => {
  let org: TestOrganisation

  beforeAll(async () => {
    org = await createTestOrganisation({
      db: database.db,
      name: 'Browser Client Gyms',
      gymNames: ['Kingsland'],
    })
    await createTestPrice({
      db: database.db,
      organisationId: org.organisation.id,
      gymIds: org.gyms.map((gym) => gym.id),
    })
  })

  /** A browser on the join site: same-origin requests, its cookies sent and kept. */
  function joinBrowser() {
    const testApi = createTestApi(database)
    const jar = new Map<string, string>()
    const client = createBrowserApiClient({
      fetch: async (input, init) => {
        const request = new Request(new URL(String(input), joinOrigin), init)
        // What the browser adds itself: the page's origin on a change, the site's cookies.
        if (request.method !== 'GET') request.headers.set('Origin', joinOrigin)
        if (jar.size > 0)
          request.headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
        const response = await testApi.api.fetch(request)
        for (const cookie of response.headers.getSetCookie()) {
          const [name = '', value = ''] = (cookie.split(';')[0] ?? '').split('=')
          if (value) jar.set(name, value)
          else jar.delete(name)
        }
        return response
      },
    })
    return { client, testApi }
  }

  it('reads a guest’s session and the join site’s gyms from their { data } envelopes', async () => {
    const { client } = joinBrowser()
    await expect(client.data(authRoutes.session)).resolves.toEqual({ kind: 'guest' })
    const gyms = await client.data(authRoutes.joinGyms)
    expect(gyms).toContainEqual(expect.objectContaining({ uuid: org.gyms[0]!.uuid, name: 'Kingsland' }))
  })

  it('fails a guest’s /me as a 401 and an unknown gym as a 404, in the API’s words', async () => {
    const { client } = joinBrowser()
    await expect(client.data(authRoutes.me)).rejects.toMatchObject({
      status: 401,
      message: 'Unauthenticated.',
    })
    const missing = await client
      .data(joinRoutes.offerings, { params: { uuid: '00000000-0000-4000-8000-000000000000' } })
      .catch((error: unknown) => error)
    expect(missing).toBeInstanceOf(ApiError)
    expect(missing).toMatchObject({ status: 404 })
  })

  it('sends a sign-up as JSON past the CSRF check, keeps its session cookie, and reads a 422’s field errors', async () => {
    const { client } = joinBrowser()
    const refused = await client
      .data(authRoutes.register, {
        body: { gym: org.gyms[0]!.uuid, name: '', email: 'nope', mobile_number: '', dob: '', password: '' },
      })
      .catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ApiError)
    expect(refused).toMatchObject({ status: 422 })
    expect(refused instanceof ApiError ? Object.keys(refused.errors).sort() : []).toEqual(
      expect.arrayContaining(['email', 'name', 'password']),
    )

    const email = `browser-client-${Date.now()}@join.test`
    const user = await client.data(authRoutes.register, {
      body: {
        gym: org.gyms[0]!.uuid,
        name: 'Mere Browser',
        email,
        mobile_number: '021 555 0199',
        dob: '1993-04-02',
        password: 'correct horse battery',
      },
    })
    expect(user).toMatchObject({ email, is_staff: false })
    // The session cookie the answer set is the browser's now: its address waits for the e-mailed code.
    await expect(client.data(authRoutes.session)).resolves.toEqual({ kind: 'two_factor', email })
  })
})
