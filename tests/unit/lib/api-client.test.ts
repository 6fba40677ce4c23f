import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { closeDatabase } from '~/db/client.server'
import { AUTH_TIMEOUT_MS, createApiClient, isAuthPath } from '~/lib/api-client.server'
import { ApiError } from '~/lib/api-error'
import { resetEnvCache } from '~/lib/env.server'
import { z } from '~/lib/validation'
import { createApi } from '~/server/api/app'

const REMOTE = 'https://api.remote.test/api'
const member = z.object({ id: z.number(), name: z.string() })

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
    const created = await client.post('/members', { schema: member, body: { name: 'Aroha' } })
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
    await client.post('/login', { schema: member, body: {} })
    expect(setCookies).toHaveBeenCalledWith(['gymbase_session=new; Path=/; HttpOnly', 'remember=1; Path=/'])
  })

  it('unwraps data.data for one resource', async () => {
    server.use(http.get(`${REMOTE}/members/7`, () => HttpResponse.json({ data: { id: 7, name: 'Aroha' } })))
    const client = createApiClient({ baseUrl: REMOTE, context: () => ({}) })
    await expect(client.get('/members/7', { schema: member })).resolves.toEqual({ id: 7, name: 'Aroha' })
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
    const page = await client.list('/members', {
      schema: member,
      query: { page: 1, per_page: 1, search: undefined },
    })
    expect(page).toEqual(body)
    expect(query).toBe('?page=1&per_page=1')
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
    const invalid = await client
      .post('/offerings', { schema: member, body: {} })
      .catch((error: unknown) => error)
    expect(invalid).toBeInstanceOf(ApiError)
    expect(invalid).toMatchObject({
      status: 422,
      message: 'Value is required (and 1 more error)',
      errors: { name: ['Value is required'], type: ['Value is required'] },
    })
    const pending = await client.get('/me', { schema: member }).catch((error: unknown) => error)
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
    await expect(client.get('/stats', { schema: member })).rejects.toMatchObject({
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
    await expect(client.get('/me', { schema: member, timeoutMs: 20 })).rejects.toMatchObject({
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
    await client.get('/me', { schema: member })
    expect(timeout).toHaveBeenLastCalledWith(26_000)
    await client.get('/members/1', { schema: member })
    expect(timeout).toHaveBeenLastCalledWith(60_000)
  })
})

describe('API client, in-process (default)', () => {
  it('dispatches to the Hono API without a network hop and maps its errors', async () => {
    const api = createApi()
    const transport = vi.fn((request: Request) => api.fetch(request))
    const client = createApiClient({ transport, context: () => ({}) })
    const error = await client.get('/me', { schema: member }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Unauthenticated.' })
    expect(transport).toHaveBeenCalledOnce()
    const request = transport.mock.calls[0]?.[0]
    expect(new URL(request?.url ?? '').pathname).toBe('/api/me')
    expect(request?.headers.get('x-requested-with')).toBe('XMLHttpRequest')
    // The first call opens and migrates the default (in-memory) database, seconds on a busy machine.
  }, 30_000)

  it('uses the in-process API when no base URL and no transport are given', async () => {
    // The process-wide API opens the configured database: a throw-away one, never the developer's.
    vi.stubEnv('DATABASE_URL', '')
    vi.stubEnv('DATA_DIR', 'memory://')
    resetEnvCache()
    onTestFinished(async () => {
      await closeDatabase()
      vi.unstubAllEnvs()
      resetEnvCache()
    })
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = createApiClient({ context: () => ({}) })
    await expect(client.get('/me', { schema: member })).rejects.toMatchObject({ status: 401 })
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
