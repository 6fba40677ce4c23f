import { createRoute } from '@hono/zod-openapi'
import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createApiClient, provideInProcessApi } from '~/contracts/api/client.server'
import { dataEnvelope, paginatedEnvelope } from '~/contracts/api/envelope'
import { errorResponses, jsonBody, jsonResponse } from '~/contracts/api/openapi'
import { AUTH_TIMEOUT_MS, isAuthPath } from '~/contracts/api/request'
import { closeDatabase } from '~/db/client.server'
import { ApiError } from '~/lib/api-error'
import { fillPath } from '~/lib/api-path'
import { resetEnvCache } from '~/lib/env.server'
import { recordIdParam, z } from '~/lib/validation'
import { createApi, getApi } from '~/server/api/app'

const REMOTE = 'https://api.remote.test/api'
const member = z.object({ id: z.number(), name: z.string() })
const memberResponse = jsonResponse('A member', dataEnvelope(member))

// Route objects as the API declares them (app/contracts/api/*.routes.ts), for a made-up API.
const routes = {
  me: createRoute({ method: 'get', path: '/me', responses: { 200: memberResponse } }),
  login: createRoute({
    method: 'post',
    path: '/login',
    request: jsonBody(z.object({ email: z.string().optional() })),
    responses: { 200: memberResponse },
  }),
  create: createRoute({
    method: 'post',
    path: '/members',
    request: jsonBody(z.object({ name: z.string() })),
    responses: { 201: memberResponse },
  }),
  show: createRoute({
    method: 'get',
    path: '/members/{id}',
    request: { params: z.object({ id: recordIdParam }) },
    responses: { 200: memberResponse },
  }),
  list: createRoute({
    method: 'get',
    path: '/members',
    request: {
      query: z.object({
        page: z.coerce.number().int().default(1),
        per_page: z.coerce.number().int().default(25),
        search: z.string().optional(),
        archived: z
          .enum(['true', 'false'])
          .default('false')
          .transform((value) => value === 'true'),
        gyms: z.array(z.coerce.number()).optional(),
      }),
    },
    responses: { 200: jsonResponse('A page', paginatedEnvelope(member)) },
  }),
  createOffering: createRoute({
    method: 'post',
    path: '/offerings',
    request: jsonBody(z.object({ name: z.string().optional() })),
    responses: { 201: memberResponse, 422: errorResponses[422] },
  }),
  stats: createRoute({ method: 'get', path: '/stats', responses: { 200: memberResponse } }),
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('API client, remote (API_BASE_URL)', () => {
  it('sends X-Requested-With, the browser cookie and origin, and JSON bodies', async () => {
    let seen: Request | undefined
    server.use(
      http.post(`${REMOTE}/members`, async ({ request }) => {
        seen = request.clone()
        return HttpResponse.json({ data: { id: 7, name: 'Aroha' } }, { status: 201 })
      }),
    )
    const client = createApiClient({
      baseUrl: REMOTE,
      context: () => ({ cookie: 'gymbase_session=abc', origin: 'http://console.localhost:3000' }),
    })
    const created = await client.data(routes.create, { body: { name: 'Aroha' } })
    expect(created).toEqual({ id: 7, name: 'Aroha' })
    expect(seen?.headers.get('x-requested-with')).toBe('XMLHttpRequest')
    expect(seen?.headers.get('cookie')).toBe('gymbase_session=abc')
    expect(seen?.headers.get('origin')).toBe('http://console.localhost:3000')
    expect(seen?.headers.get('content-type')).toBe('application/json')
    expect(await seen?.json()).toEqual({ name: 'Aroha' })
  })

  it('passes every Set-Cookie of the answer back to the browser', async () => {
    server.use(
      http.post(`${REMOTE}/login`, () => {
        const headers = new Headers()
        headers.append('Set-Cookie', 'gymbase_session=new; Path=/; HttpOnly')
        headers.append('Set-Cookie', 'remember=1; Path=/')
        return HttpResponse.json({ data: { id: 1, name: 'Owner' } }, { headers })
      }),
    )
    const setCookies = vi.fn()
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({ setCookies }) })
    await client.call(routes.login, { body: {} })
    expect(setCookies).toHaveBeenCalledWith(['gymbase_session=new; Path=/; HttpOnly', 'remember=1; Path=/'])
  })

  it('writes path parameters into the address and unwraps data for one resource', async () => {
    server.use(http.get(`${REMOTE}/members/7`, () => HttpResponse.json({ data: { id: 7, name: 'Aroha' } })))
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    await expect(client.data(routes.show, { params: { id: 7 } })).resolves.toEqual({ id: 7, name: 'Aroha' })
    await expect(client.call(routes.show, { params: { id: 7 } })).resolves.toEqual({
      data: { id: 7, name: 'Aroha' },
    })
  })

  it('types each call from its route object (npm run typecheck fails otherwise)', () => {
    const client = createApiClient({ transport: () => HttpResponse.json({}), context: () => ({}) })
    // Never awaited: these lines exist for the compiler, which must refuse each marked one.
    const typeChecks = () => [
      // @ts-expect-error a path parameter of the wrong type
      client.call(routes.show, { params: { id: 'seven' } }),
      // @ts-expect-error a missing path parameter
      client.call(routes.show),
      // @ts-expect-error a body field the route doesn't take the type of
      client.call(routes.create, { body: { name: 7 } }),
      // @ts-expect-error a query value of the wrong type
      client.call(routes.list, { query: { page: 'first' } }),
      client.data(routes.show, { params: { id: 7 } }).then((found) => {
        // @ts-expect-error the answer's type comes from the route's schema
        const wrong: string = found.id
        return wrong
      }),
    ]
    expect(typeof typeChecks).toBe('function')
  })

  it('escapes path parameters and refuses a missing one', () => {
    expect(fillPath('/join-links/{token}', { token: 'a/b?c' })).toBe('/join-links/a%2Fb%3Fc')
    expect(() => fillPath('/members/{id}', {})).toThrow('Missing path parameter id')
  })

  it('refuses an answer that does not match the route’s schema', async () => {
    server.use(http.get(`${REMOTE}/members/7`, () => HttpResponse.json({ data: { id: 'seven' } })))
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    await expect(client.data(routes.show, { params: { id: 7 } })).rejects.toMatchObject({
      status: 500,
      message: 'The server answered in an unexpected shape.',
    })
  })

  it('keeps the whole body of a paginated list, with query values sent', async () => {
    const body = {
      data: [{ id: 1, name: 'A' }],
      links: {
        first: '/api/members?page=1',
        last: '/api/members?page=3',
        prev: null,
        next: '/api/members?page=2',
      },
      meta: { current_page: 1, from: 1, to: 1, last_page: 3, per_page: 1, total: 3 },
    }
    let query = ''
    server.use(
      http.get(`${REMOTE}/members`, ({ request }) => {
        query = new URL(request.url).search
        return HttpResponse.json(body)
      }),
    )
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    const page = await client.call(routes.list, {
      query: { page: 1, per_page: 1, search: undefined, archived: true, gyms: [3, 4] },
    })
    expect(page).toEqual(body)
    expect(query).toBe('?page=1&per_page=1&archived=true&gyms=3&gyms=4')
  })

  it("fails with the server's message, status, field errors and error value", async () => {
    server.use(
      http.post(`${REMOTE}/offerings`, () =>
        HttpResponse.json(
          {
            message: 'Value is required (and 1 more error)',
            errors: { name: ['Value is required'], type: ['Value is required'] },
          },
          { status: 422 },
        ),
      ),
      http.get(`${REMOTE}/me`, () =>
        HttpResponse.json(
          { error: 'not_two_factor_authenticated', message: 'Enter the code we e-mailed you.' },
          { status: 400 },
        ),
      ),
    )
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    const invalid = await client.call(routes.createOffering, { body: {} }).catch((error: unknown) => error)
    expect(invalid).toBeInstanceOf(ApiError)
    expect(invalid).toMatchObject({
      status: 422,
      message: 'Value is required (and 1 more error)',
      errors: { name: ['Value is required'], type: ['Value is required'] },
    })
    const pending = await client.call(routes.me).catch((error: unknown) => error)
    expect(pending).toMatchObject({ status: 400, error: 'not_two_factor_authenticated' })
  })

  it('falls back to the status text when the server sends no message', async () => {
    server.use(
      http.get(
        `${REMOTE}/stats`,
        () => new HttpResponse('upstream broke', { status: 502, statusText: 'Bad Gateway' }),
      ),
    )
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    await expect(client.call(routes.stats)).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    })
  })

  it('gives up on an authentication call after its timeout', async () => {
    server.use(
      http.get(`${REMOTE}/me`, async () => {
        await delay(200)
        return HttpResponse.json({ data: { id: 1, name: 'late' } })
      }),
    )
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    await expect(client.call(routes.me, { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      message: 'The server took too long to answer. Please try again.',
    })
  })
})

describe('API client, authentication timeout', () => {
  it('is 26 seconds, for the authentication calls only', () => {
    expect(AUTH_TIMEOUT_MS).toBe(26_000)
    for (const path of [
      '/me',
      '/login',
      '/logout',
      '/register',
      '/email/verify',
      '/email/resend',
      '/unique-email',
    ]) {
      expect(isAuthPath(path)).toBe(true)
    }
    expect(isAuthPath('/forgot-password')).toBe(true)
    expect(isAuthPath('/members')).toBe(false)
  })

  it('applies the 26 s signal to authentication calls by default', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    const client = createApiClient({
      transport: async () => HttpResponse.json({ data: { id: 1, name: 'x' } }),
      context: () => ({}),
    })
    await client.call(routes.me)
    expect(timeout).toHaveBeenLastCalledWith(26_000)
    await client.call(routes.show, { params: { id: 1 } })
    expect(timeout).toHaveBeenLastCalledWith(60_000)
  })
})

describe('API client, in-process (default)', () => {
  it('dispatches to the Hono API without a network hop and maps its errors', async () => {
    const api = createApi()
    const transport = vi.fn((request: Request) => api.fetch(request))
    const client = createApiClient({ transport, context: () => ({}) })
    const error = await client.call(routes.me).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Unauthenticated.' })
    expect(transport).toHaveBeenCalledOnce()
    const request = transport.mock.calls[0]?.[0]
    expect(new URL(request?.url ?? '').pathname).toBe('/api/me')
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest')
    // The first call opens and migrates the default (in-memory) database, seconds on a busy machine.
  }, 30_000)

  it('refuses to guess when the server entry has not provided the in-process API', async () => {
    const client = createApiClient({ context: () => ({}) })
    await expect(client.call(routes.me)).rejects.toThrow('No in-process API')
  })

  it('uses the in-process API the server entry provides when no base URL and no transport are given', async () => {
    // The process-wide API opens the configured database: a throw-away one, never the developer's.
    vi.stubEnv('DATABASE_URL', '')
    vi.stubEnv('DATA_DIR', 'memory://')
    resetEnvCache()
    onTestFinished(async () => {
      await closeDatabase()
      vi.unstubAllEnvs()
      resetEnvCache()
    })
    // What app/server-entry.ts does at start-up.
    provideInProcessApi((request) => getApi().fetch(request))
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = createApiClient({ context: () => ({}) })
    await expect(client.call(routes.me)).rejects.toMatchObject({ status: 401 })
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
