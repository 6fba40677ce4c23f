import { createRoute, OpenAPIHono } from '@hono/zod-openapi'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it, vi } from 'vitest'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import {
  concurrentChangeMessage,
  fieldErrorsFromZod,
  respondWithError,
  validationResponse,
} from '~/server/api/errors'
import { logger } from '~/server/logger.server'

/** A tiny API wired like the real one, to see each error become its DESIGN §2 response. */
function apiThrowing(error: unknown) {
  const api = new OpenAPIHono({
    defaultHook: (result, c) => {
      if (!result.success) return validationResponse(c, fieldErrorsFromZod(result.error))
    },
  })
  api.get('/boom', () => {
    throw error
  })
  api.openapi(
    createRoute({
      method: 'post',
      path: '/offerings',
      request: {
        body: {
          content: {
            'application/json': {
              schema: z.object({
                name: z.string().min(1),
                hours: z.array(z.object({ day: z.number().max(7) })),
              }),
            },
          },
        },
      },
      responses: { 201: { description: 'created' } },
    }),
    (c) => c.body(null, 201),
  )
  api.onError((caught, c) => respondWithError(c, caught))
  return api
}

describe('one error mapper for the whole API', () => {
  it.each([
    [new AppError('UNAUTHENTICATED', 'Unauthenticated.'), 401, { message: 'Unauthenticated.' }],
    [
      new AppError('FORBIDDEN', 'This action is unauthorized.'),
      403,
      { message: 'This action is unauthorized.' },
    ],
    [new AppError('NOT_FOUND', 'Member not found.'), 404, { message: 'Member not found.' }],
    [new AppError('CONFLICT', 'Someone else changed this.'), 409, { message: 'Someone else changed this.' }],
    [
      new AppError('TWO_FACTOR_REQUIRED', 'Enter the code we e-mailed you.'),
      400,
      { error: 'not_two_factor_authenticated', message: 'Enter the code we e-mailed you.' },
    ],
    [
      new AppError('VALIDATION', 'ignored', { fieldErrors: { term_unit: ['Please select a term unit'] } }),
      422,
      { message: 'Please select a term unit', errors: { term_unit: ['Please select a term unit'] } },
    ],
  ])('maps %s', async (error, status, body) => {
    const response = await apiThrowing(error).request('/boom')
    expect(response.status).toBe(status)
    expect(await response.json()).toEqual(body)
  })

  it('sends Retry-After with a 429', async () => {
    const response = await apiThrowing(
      new AppError('TOO_MANY_ATTEMPTS', 'Too many attempts.', { retryAfterSeconds: 59.2 }),
    ).request('/boom')
    expect(response.status).toBe(429)
    expect(response.headers.get('retry-after')).toBe('60')
  })

  it('hides unexpected errors behind a 500 without their details', async () => {
    const response = await apiThrowing(new Error('connection string postgres://secret')).request('/boom')
    expect(response.status).toBe(500)
    expect(await response.json()).toEqual({ message: 'Server Error' })
  })

  it('answers a race the database refused (a unique index, a serialisation failure) with a 409 in words', async () => {
    for (const code of ['23505', '40001', '40P01']) {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint'), { code })
      const error = new DrizzleQueryError('insert into "users" …', ['someone@example.test'], cause)
      const response = await apiThrowing(error).request('/boom')
      expect(response.status).toBe(409)
      expect(await response.json()).toEqual({ message: concurrentChangeMessage })
    }
    // Any other database error stays a 500.
    const other = new DrizzleQueryError('select 1', [], Object.assign(new Error('boom'), { code: '22008' }))
    expect((await apiThrowing(other).request('/boom')).status).toBe(500)
  })

  it('logs an unhandled error by its route, without the address’s token or the query’s values', async () => {
    const api = new OpenAPIHono()
    api.post('/payment-links/:token/pay', () => {
      throw new DrizzleQueryError('update "payment_links" set "used_at" = $1 where "token_hash" = $2', [
        '2026-03-10',
        'hash-of-the-token',
      ])
    })
    api.onError((caught, c) => respondWithError(c, caught))
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined)
    try {
      const response = await api.request('/payment-links/the-live-token/pay', { method: 'POST' })
      expect(response.status).toBe(500)
      expect(logged).toHaveBeenCalledOnce()
      const written = JSON.stringify(logged.mock.calls[0])
      expect(written).toContain('/payment-links/:token/pay')
      expect(written).toContain('update \\"payment_links\\"')
      expect(written).not.toContain('the-live-token')
      expect(written).not.toContain('hash-of-the-token')
    } finally {
      logged.mockRestore()
    }
  })

  it('answers a failed validation with 422, field paths and the messages of SPEC §5', async () => {
    const response = await apiThrowing(null).request('/offerings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: '', hours: [{ day: 9 }] }),
    })
    expect(response.status).toBe(422)
    expect(await response.json()).toEqual({
      message: 'Value is required (and 1 more error)',
      errors: { name: ['Value is required'], 'hours.0.day': ['The maximum value allowed is 7'] },
    })
  })

  it('says a malformed JSON body is a 400', async () => {
    const response = await apiThrowing(null).request('/offerings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    })
    expect(response.status).toBe(400)
  })
})
