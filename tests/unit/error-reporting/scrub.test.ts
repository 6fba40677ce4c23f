import { describe, expect, it } from 'vitest'
import {
  errorReportingOptions,
  scrubBreadcrumb,
  scrubEvent,
  scrubText,
  scrubUrl,
} from '~/lib/error-reporting/scrub'

const secrets = {
  email: 'aroha.ngata@example.co.nz',
  card: '4242 4242 4242 4242',
  cardPlain: '5555555555554444',
  bearer: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI0MiJ9.c2lnbmF0dXJl',
  cookie: 'gymbase_session=s3ss10n_v4lu3_0123456789',
  stripeKey: 'sk_live_51Habcdefghijklmnop',
  kisiKey: 'kisi0123456789abcdef0123',
  joinToken: 'Jt_9x8y7z6w5v4u3t2s1r0q',
  password: 'hunter2-correct-horse',
}

/** An event as Sentry builds one for an error thrown while handling a request, before beforeSend. */
function thrownEvent() {
  const error = new Error(
    `Charging ${secrets.email} failed: card ${secrets.card} declined (Authorization: Bearer ${secrets.bearer})`,
  )
  return {
    event_id: 'abc123',
    level: 'error',
    platform: 'node',
    sdk: { name: 'sentry.javascript.node', version: '11.12.0' },
    contexts: {
      runtime: { name: 'node', version: 'v24.0.0' },
      trace: {
        trace_id: 'f'.repeat(32),
        span_id: 'a'.repeat(16),
        data: { 'http.url': `/join/${secrets.joinToken}` },
      },
    },
    exception: {
      values: [
        {
          type: error.name,
          value: error.message,
          stacktrace: {
            frames: [{ filename: 'app/server/billing/charge.server.ts', function: 'charge', lineno: 42 }],
          },
        },
      ],
    },
    request: {
      method: 'POST',
      url: `https://join.gymbase.nz/api/join/${secrets.joinToken}/card?email=${encodeURIComponent(secrets.email)}`,
      headers: { authorization: `Bearer ${secrets.bearer}`, cookie: secrets.cookie, 'user-agent': 'Mozilla' },
      cookies: { gymbase_session: 's3ss10n_v4lu3_0123456789' },
      data: { card_number: secrets.cardPlain, password: secrets.password },
      query_string: `email=${secrets.email}`,
    },
    user: { id: '42', email: secrets.email, ip_address: '203.0.113.9', username: 'aroha' },
    tags: { route: '/api/join/{token}/card' },
    extra: {
      apiKey: secrets.kisiKey,
      note: `kisi said KISI-LOGIN ${secrets.kisiKey}; stripe ${secrets.stripeKey}`,
      query: `password=${secrets.password}&page=2`,
      member: { name: 'Aroha Ngata', mobile_number: '021 555 0199', visits: 3 },
    },
    breadcrumbs: [
      { category: 'console', message: `sending to ${secrets.email}` },
      {
        category: 'fetch',
        data: { url: `/api/payment-links/${secrets.joinToken}?token=abc`, status_code: 500 },
      },
    ],
  }
}

describe('the Sentry scrubber', () => {
  it('leaves no e-mail, card number, bearer token, cookie, key, body or password in a thrown error’s event', () => {
    const scrubbed = errorReportingOptions.beforeSend(thrownEvent())
    const sent = JSON.stringify(scrubbed)
    for (const [what, value] of Object.entries(secrets)) {
      expect(sent, what).not.toContain(value)
    }
    expect(sent).not.toContain('4242424242424242')
    expect(sent).not.toContain('s3ss10n')
    expect(sent).not.toContain('203.0.113.9')
    expect(sent).not.toContain('Aroha')
    expect(sent).not.toContain('021 555 0199')
  })

  it('keeps what a report is read by: the error’s type and words, its frames, the route and the SDK', () => {
    const scrubbed = scrubEvent(thrownEvent())
    expect(scrubbed.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'Charging [email] failed: card [card number] declined (Authorization: [redacted] [token])',
      stacktrace: {
        frames: [{ filename: 'app/server/billing/charge.server.ts', function: 'charge', lineno: 42 }],
      },
    })
    expect(scrubbed.request).toEqual({ method: 'POST', url: 'https://join.gymbase.nz/api/join/[token]/card' })
    expect(scrubbed.user).toEqual({ id: '42' })
    expect(scrubbed.tags).toEqual({ route: '/api/join/{token}/card' })
    expect(scrubbed.sdk).toEqual({ name: 'sentry.javascript.node', version: '11.12.0' })
    expect(scrubbed.contexts.runtime).toEqual({ name: 'node', version: 'v24.0.0' })
    expect(scrubbed.extra.member).toEqual({ name: '[redacted]', mobile_number: '[redacted]', visits: 3 })
    expect(scrubbed.extra.query).toBe('password=[redacted]&page=2')
  })

  it('scrubs transactions and breadcrumbs the same way', () => {
    const transaction = errorReportingOptions.beforeSendTransaction({
      type: 'transaction',
      transaction: `GET /join/${secrets.joinToken}`,
      request: {
        url: `https://join.gymbase.nz/join/${secrets.joinToken}`,
        headers: { cookie: secrets.cookie },
      },
      spans: [{ description: `SELECT * FROM users WHERE email = '${secrets.email}'` }],
    })
    expect(JSON.stringify(transaction)).not.toMatch(
      new RegExp(`${secrets.joinToken}|${secrets.email}|s3ss10n`),
    )
    expect(transaction.transaction).toBe('GET /join/[token]')
    const crumb = scrubBreadcrumb({
      category: 'fetch',
      data: { url: `/api/x/${secrets.joinToken}?email=a@b.co` },
    })
    expect(crumb.data).toEqual({ url: '/api/x/[token]' })
  })

  it('recognises card numbers however they are grouped, and leaves short numbers alone', () => {
    expect(scrubText('pan 4000-0566-5566-5556 and 378282246310005')).toBe(
      'pan [card number] and [card number]',
    )
    expect(scrubText('order 12345, 3 visits, $25.00')).toBe('order 12345, 3 visits, $25.00')
    expect(scrubUrl('/console/members/123/payments?x=1')).toBe('/console/members/123/payments')
  })
})
