import { createRoute } from '@hono/zod-openapi'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createBrowserApiClient } from '~/contracts/api/browser-client'
import { dataEnvelope, messageSchema } from '~/contracts/api/envelope'
import { errorResponses, jsonBody, jsonResponse, multipartBody } from '~/contracts/api/openapi'
import { connectionLostMessage, tooSlowMessage } from '~/contracts/api/request'
import { ApiError } from '~/lib/api-error'
import { recordIdParam, z } from '~/lib/validation'

const member = z.object({ id: z.number(), name: z.string() })
const memberResponse = jsonResponse('A member', dataEnvelope(member))

// Route objects as the API declares them, for a made-up API (the browser reads only method and path).
const routes = {
  me: createRoute({ method: 'get', path: '/me', responses: { 200: memberResponse } }),
  show: createRoute({
    method: 'get',
    path: '/members/{id}',
    request: { params: z.object({ id: recordIdParam }) },
    responses: { 200: memberResponse, 404: errorResponses[404] },
  }),
  list: createRoute({
    method: 'get',
    path: '/members',
    request: {
      query: z.object({
        page: z.coerce.number().int().default(1),
        search: z.string().optional(),
        gyms: z.array(z.coerce.number()).optional(),
      }),
    },
    responses: { 200: memberResponse },
  }),
  create: createRoute({
    method: 'post',
    path: '/members',
    request: jsonBody(z.object({ name: z.string() })),
    responses: { 201: memberResponse, 422: errorResponses[422] },
  }),
  upload: createRoute({
    method: 'post',
    path: '/profile-picture',
    request: multipartBody(z.object({ image: z.any() })),
    responses: { 200: memberResponse },
  }),
  logout: createRoute({ method: 'post', path: '/logout', responses: { 204: { description: 'Signed out' } } }),
  resend: createRoute({
    method: 'post',
    path: '/email/resend',
    responses: { 200: jsonResponse('Sent', messageSchema) },
  }),
}

interface Sent {
  url: string
  init: RequestInit
}

/** A fetch that answers each call as `answer` says and keeps what the client sent. */
function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input)
    sent.push({ url, init })
    return answer(url, init)
  })
  return { sent, client: createBrowserApiClient({ fetch }) }
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

afterEach(() => vi.restoreAllMocks())

describe('the browser’s API client', () => {
  it('calls /api on the page’s origin with the route’s method and path, the headers the API asks for and a JSON body', async () => {
    const { sent, client } = fakeFetch(() => json({ data: { id: 7, name: 'Aroha' } }, 201))
    await expect(client.data(routes.create, { body: { name: 'Aroha' } })).resolves.toEqual({
      id: 7,
      name: 'Aroha',
    })
    const [call] = sent
    expect(call?.url).toBe('/api/members')
    expect(call?.init.method).toBe('POST')
    expect(call?.init.credentials).toBe('same-origin')
    const headers = new Headers(call?.init.headers)
    expect(headers.get('accept')).toBe('application/json')
    expect(headers.get('x-requested-with')).toBe('XMLHttpRequest')
    expect(headers.get('content-type')).toBe('application/json')
    expect(call?.init.body).toBe('{"name":"Aroha"}')
  })

  it('answers the whole body with call, and the envelope’s data with data', async () => {
    const { client } = fakeFetch(() => json({ data: { id: 7, name: 'Aroha' } }))
    await expect(client.call(routes.show, { params: { id: 7 } })).resolves.toEqual({
      data: { id: 7, name: 'Aroha' },
    })
    await expect(client.data(routes.show, { params: { id: 7 } })).resolves.toEqual({ id: 7, name: 'Aroha' })
  })

  it('writes path parameters escaped, and the query as the server’s client does', async () => {
    const { sent, client } = fakeFetch(() => json({ data: { id: 1, name: 'A' } }))
    await client.call(routes.show, { params: { id: 7 } })
    await client.call(routes.list, { query: { page: 2, search: undefined, gyms: [3, 4] } })
    await client.call(routes.list)
    expect(sent.map((call) => call.url)).toEqual([
      '/api/members/7',
      '/api/members?page=2&gyms=3&gyms=4',
      '/api/members',
    ])
    expect(sent.map((call) => call.init.method)).toEqual(['GET', 'GET', 'GET'])
    expect(sent[0]?.init.body).toBeUndefined()
  })

  it('sends a FormData as it is, for the browser to write its multipart boundary', async () => {
    const { sent, client } = fakeFetch(() => json({ data: { id: 1, name: 'A' } }))
    const form = new FormData()
    form.set('image', new Blob(['jpeg'], { type: 'image/jpeg' }), 'me.jpg')
    await client.data(routes.upload, { body: form })
    expect(sent[0]?.init.body).toBe(form)
    expect(new Headers(sent[0]?.init.headers).has('content-type')).toBe(false)
  })

  it('answers nothing for a 204', async () => {
    const { client } = fakeFetch(() => new Response(null, { status: 204 }))
    await expect(client.call(routes.logout)).resolves.toBeUndefined()
  })

  it('fails with the API’s message, status, field errors, error value and address', async () => {
    const { client } = fakeFetch((url) => {
      if (url === '/api/members')
        return json(
          {
            message: 'Value is required (and 1 more error)',
            errors: { name: ['Value is required'], type: ['Value is required'] },
          },
          422,
        )
      if (url === '/api/members/8') return json({ message: 'Member not found.' }, 404)
      return json(
        {
          error: 'not_two_factor_authenticated',
          message: 'Enter the code.',
          email: 'kiri@example.nz',
        },
        400,
      )
    })
    const invalid = await client.call(routes.create, { body: { name: '' } }).catch((error: unknown) => error)
    expect(invalid).toBeInstanceOf(ApiError)
    expect(invalid).toMatchObject({
      status: 422,
      message: 'Value is required (and 1 more error)',
      errors: { name: ['Value is required'], type: ['Value is required'] },
    })
    await expect(client.data(routes.show, { params: { id: 8 } })).rejects.toMatchObject({
      status: 404,
      message: 'Member not found.',
      errors: {},
    })
    await expect(client.call(routes.me)).rejects.toMatchObject({
      status: 400,
      error: 'not_two_factor_authenticated',
      email: 'kiri@example.nz',
    })
  })

  it('fails a 401 in the API’s words, and an answer without words by its status', async () => {
    const { client } = fakeFetch((url) =>
      url === '/api/me'
        ? json({ message: 'Unauthenticated.' }, 401)
        : new Response('upstream broke', { status: 502, statusText: 'Bad Gateway' }),
    )
    await expect(client.call(routes.me)).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' })
    await expect(client.call(routes.resend)).rejects.toMatchObject({ status: 502, message: 'Bad Gateway' })
  })

  it('reads an error body only when every part of it is as the API writes it', async () => {
    const { client } = fakeFetch(() => json({ message: 'Refused.', errors: { name: 'not a list' } }, 422))
    await expect(client.call(routes.me)).rejects.toMatchObject({
      status: 422,
      message: 'Request failed with status 422',
      errors: {},
    })
  })

  it('says the connection was lost, in words, when no answer comes', async () => {
    const { client } = fakeFetch(() => {
      throw new TypeError('Failed to fetch')
    })
    const error = await client.call(routes.me).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, message: connectionLostMessage })
  })

  it('gives up after the call’s timeout and says the server was too slow', async () => {
    const { client } = fakeFetch(
      (_, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
        }),
    )
    await expect(client.call(routes.me, { timeoutMs: 20 })).rejects.toMatchObject({
      status: 0,
      message: tooSlowMessage,
    })
  })

  it('waits 26 s for an authentication call and 60 s for any other', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout')
    const { client } = fakeFetch(() => json({ data: { id: 1, name: 'x' } }))
    await client.call(routes.me)
    expect(timeout).toHaveBeenLastCalledWith(26_000)
    await client.call(routes.show, { params: { id: 1 } })
    expect(timeout).toHaveBeenLastCalledWith(60_000)
  })

  it('types each call from its route object, as the server’s client does (npm run typecheck)', () => {
    const { client } = fakeFetch(() => json({}))
    // Never awaited: these lines exist for the compiler, which must refuse each marked one.
    const typeChecks = () => [
      // @ts-expect-error a path parameter of the wrong type
      client.call(routes.show, { params: { id: 'seven' } }),
      // @ts-expect-error a missing path parameter
      client.call(routes.show),
      // @ts-expect-error a body field the route doesn't take the type of
      client.call(routes.create, { body: { name: 7 } }),
      client.data(routes.show, { params: { id: 7 } }).then((found) => {
        // @ts-expect-error the answer's type comes from the route's schema
        const wrong: string = found.id
        return wrong
      }),
    ]
    expect(typeof typeChecks).toBe('function')
  })
})
