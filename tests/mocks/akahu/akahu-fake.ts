import { randomBytes } from 'node:crypto'
import type { Account, Payment, PaymentStatus, PaymentStatusCode } from 'akahu'
import { delay, HttpResponse, http } from 'msw'
import { z } from '~/lib/validation'

/**
 * Akahu's API as it documents itself (PROVIDERS.md §2, the `akahu` SDK's models), for MSW:
 *
 * - every answer is `{ success: true, item | items | … }` or `{ success: false, message }` with a 4xx;
 *   OAuth's `POST /v1/token` answers `{ success, access_token, token_type, scope }` or
 *   `{ success: false, error: 'invalid_grant' }`;
 * - every request must carry `X-Akahu-Id: <app token>`; user endpoints a `Bearer` token that is known
 *   and not revoked (else 401), the token exchange the app secret;
 * - `POST /v1/payments` keeps each `Idempotency-Key`: the same key again answers the first payment and
 *   makes no other; statement fields outside `A–Z a–z 0–9 space - _` or over 12 characters are a 400,
 *   as is an amount with more than two decimals;
 * - a payment starts `READY` and moves one step of its account's lifecycle on each `GET`, as Demo Bank's
 *   accounts do: `-91` READY → SENT; `-92` (savings) READY → DECLINED INVALID_ACCOUNT; `-93` (overdrawn)
 *   READY → PENDING_APPROVAL → DECLINED INSUFFICIENT_FUNDS;
 * - faults on demand: the next calls answer 429, or the next payment is made and its answer never comes.
 */

export const AKAHU_APP_TOKEN = 'app_token_fakeakahuapp0001'
export const AKAHU_APP_SECRET = 'fake_akahu_app_secret_0001'

interface DemoAccount {
  id: string
  name: string
  formatted: string
  type: Account['type']
  attributes: Account['attributes']
  lifecycle: { status: PaymentStatus; status_code?: PaymentStatusCode }[]
}

const demoAccounts: DemoAccount[] = [
  {
    id: 'acc_demo0000000000000000091',
    name: 'Everyday',
    formatted: '99-9999-9999999-91',
    type: 'CHECKING',
    attributes: ['PAYMENT_FROM', 'PAYMENT_TO', 'TRANSFER_FROM', 'TRANSFER_TO'],
    lifecycle: [{ status: 'READY' }, { status: 'SENT' }],
  },
  {
    id: 'acc_demo0000000000000000092',
    name: 'Savings',
    formatted: '99-9999-9999999-92',
    type: 'SAVINGS',
    // Akahu lists it, but it cannot make payments.
    attributes: ['TRANSFER_TO', 'TRANSFER_FROM'],
    lifecycle: [{ status: 'READY' }, { status: 'DECLINED', status_code: 'INVALID_ACCOUNT' }],
  },
  {
    id: 'acc_demo0000000000000000093',
    name: 'Overdrawn',
    formatted: '99-9999-9999999-93',
    type: 'CHECKING',
    attributes: ['PAYMENT_FROM', 'PAYMENT_TO'],
    lifecycle: [
      { status: 'READY' },
      { status: 'PENDING_APPROVAL' },
      { status: 'DECLINED', status_code: 'INSUFFICIENT_FUNDS' },
    ],
  },
]

const [everyday, savings, overdrawn] = demoAccounts
if (!everyday || !savings || !overdrawn) throw new Error('Demo Bank has three accounts')

export const demoAccount = { everyday, savings, overdrawn }

interface StoredPayment {
  payment: Payment
  token: string
  idempotencyKey: string
  step: number
  lifecycle: DemoAccount['lifecycle']
}

const PCR = /^[A-Za-z0-9 _-]{1,12}$/

/** `POST /v1/payments`'s body, as loosely as Akahu reads it: the checks below answer in its words. */
const paymentBody = z.object({
  from: z.string().optional(),
  amount: z.number().optional(),
  to: z.object({ name: z.string().optional(), account_number: z.string().optional() }).optional(),
  meta: z.record(z.string(), z.record(z.string(), z.string())).optional(),
})

export function createAkahuFake(options: { baseUrl?: string } = {}) {
  const api = `${(options.baseUrl ?? 'https://api.akahu.io').replace(/\/$/, '')}/v1`
  const codes = new Map<string, { redirectUri: string; accounts: string[]; used: boolean }>()
  const tokens = new Map<string, { accounts: string[]; revoked: boolean }>()
  const paymentsById = new Map<string, StoredPayment>()
  const byKey = new Map<string, string>()
  const faults = { rateLimited: 0, hangAfterCreate: 0, hangMs: 5_000 }
  const calls: { method: string; path: string; idempotencyKey: string | null }[] = []
  // Akahu's clock: the wall clock, unless a test moves it with the app's.
  let clock: () => Date = () => new Date()

  const fail = (status: number, message: string) => HttpResponse.json({ success: false, message }, { status })

  /** The app's identity and, for user endpoints, the member's token: an answer to refuse with, or the token. */
  function authorise(request: Request): { refusal: Response } | { token: string } {
    if (request.headers.get('X-Akahu-Id') !== AKAHU_APP_TOKEN) {
      return { refusal: fail(401, 'Missing or invalid X-Akahu-Id header') }
    }
    const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
    const grant = token ? tokens.get(token) : undefined
    if (!token || !grant || grant.revoked) return { refusal: fail(401, 'Unauthorized') }
    return { token }
  }

  function record(request: Request) {
    calls.push({
      method: request.method,
      path: new URL(request.url).pathname,
      idempotencyKey: request.headers.get('Idempotency-Key'),
    })
  }

  const rateLimited = () => {
    if (faults.rateLimited <= 0) return null
    faults.rateLimited -= 1
    return fail(429, 'Too many requests')
  }

  function accountItem(account: DemoAccount): Account {
    return {
      _id: account.id,
      _authorisation: 'auth_demo0001',
      _credentials: 'auth_demo0001',
      connection: {
        _id: 'conn_demobank',
        name: 'Demo Bank',
        logo: 'https://static.akahu.io/demo.png',
        connection_type: 'official',
      },
      name: account.name,
      status: 'ACTIVE',
      formatted_account: account.formatted,
      type: account.type,
      attributes: account.attributes,
    }
  }

  const handlers = [
    http.post(`${api}/token`, async ({ request }) => {
      record(request)
      const body = z.record(z.string(), z.string()).parse(await request.json())
      if (body.client_id !== AKAHU_APP_TOKEN || body.client_secret !== AKAHU_APP_SECRET) {
        return HttpResponse.json({ success: false, error: 'unauthorized_client' }, { status: 401 })
      }
      const grant = codes.get(body.code ?? '')
      if (
        body.grant_type !== 'authorization_code' ||
        !grant ||
        grant.used ||
        grant.redirectUri !== body.redirect_uri
      ) {
        return HttpResponse.json({ success: false, error: 'invalid_grant' }, { status: 400 })
      }
      grant.used = true
      const token = `user_token_${randomBytes(12).toString('hex')}`
      tokens.set(token, { accounts: grant.accounts, revoked: false })
      return HttpResponse.json({
        success: true,
        access_token: token,
        token_type: 'bearer',
        scope: 'ENDURING_CONSENT',
      })
    }),

    http.delete(`${api}/token`, ({ request }) => {
      record(request)
      const auth = authorise(request)
      if ('refusal' in auth) return auth.refusal
      const grant = tokens.get(auth.token)
      if (grant) grant.revoked = true
      return HttpResponse.json({ success: true })
    }),

    http.get(`${api}/accounts`, ({ request }) => {
      record(request)
      const auth = authorise(request)
      if ('refusal' in auth) return auth.refusal
      const shared = tokens.get(auth.token)?.accounts ?? []
      return HttpResponse.json({
        success: true,
        items: demoAccounts.filter((account) => shared.includes(account.id)).map(accountItem),
      })
    }),

    http.post(`${api}/payments`, async ({ request }) => {
      record(request)
      const auth = authorise(request)
      if ('refusal' in auth) return auth.refusal
      const limited = rateLimited()
      if (limited) return limited
      const key = request.headers.get('Idempotency-Key')
      if (!key) return fail(400, 'Idempotency-Key header is required')
      const replay = byKey.get(key)
      if (replay) {
        return HttpResponse.json({ success: true, item: paymentsById.get(replay)?.payment })
      }
      const body = paymentBody.parse(await request.json())
      const account = demoAccounts.find((candidate) => candidate.id === body.from)
      if (!account || !tokens.get(auth.token)?.accounts.includes(account.id)) {
        return fail(404, 'Account not found')
      }
      if (
        typeof body.amount !== 'number' ||
        body.amount <= 0 ||
        Math.round(body.amount * 100) !== body.amount * 100
      ) {
        return fail(400, 'amount must be a positive number with at most 2 decimal places')
      }
      if (!body.to?.name || !body.to.account_number)
        return fail(400, 'to.name and to.account_number are required')
      for (const [side, fields] of Object.entries(body.meta ?? {})) {
        if (side === 'source' && 'particulars' in (fields ?? {}))
          return fail(400, 'meta.source.particulars is not allowed')
        for (const [name, value] of Object.entries(fields ?? {})) {
          if (!PCR.test(value))
            return fail(400, `meta.${side}.${name} contains invalid characters or is too long`)
        }
      }
      const now = clock().toISOString()
      const payment: Payment = {
        _id: `payment_${randomBytes(10).toString('hex')}`,
        from: account.id,
        to: { name: body.to.name, account_number: body.to.account_number },
        amount: body.amount,
        meta: { source: body.meta?.source ?? {}, destination: body.meta?.destination ?? {} },
        sid: `akahu${randomBytes(4).toString('hex')}`,
        status: 'READY',
        final: false,
        timeline: [{ status: 'READY', time: now }],
        created_at: now,
        updated_at: now,
      }
      paymentsById.set(payment._id, {
        payment,
        token: auth.token,
        idempotencyKey: key,
        step: 0,
        lifecycle: account.lifecycle,
      })
      byKey.set(key, payment._id)
      if (faults.hangAfterCreate > 0) {
        // The payment is made, but its answer is lost on the way back: the caller times out.
        faults.hangAfterCreate -= 1
        await delay(faults.hangMs)
      }
      return HttpResponse.json({ success: true, item: payment })
    }),

    http.get(`${api}/payments/:id`, ({ request, params }) => {
      record(request)
      const auth = authorise(request)
      if ('refusal' in auth) return auth.refusal
      const limited = rateLimited()
      if (limited) return limited
      const stored = paymentsById.get(String(params.id))
      if (!stored || stored.token !== auth.token) return fail(404, 'Payment not found')
      advance(stored)
      return HttpResponse.json({ success: true, item: stored.payment })
    }),

    http.get(`${api}/payments`, ({ request }) => {
      record(request)
      const auth = authorise(request)
      if ('refusal' in auth) return auth.refusal
      const url = new URL(request.url)
      const start = url.searchParams.get('start')
      const end = url.searchParams.get('end')
      const items = [...paymentsById.values()]
        .filter((stored) => stored.token === auth.token)
        .map((stored) => stored.payment)
        .filter((payment) => (!start || payment.created_at >= start) && (!end || payment.created_at <= end))
      return HttpResponse.json({ success: true, items })
    }),
  ]

  function advance(stored: StoredPayment) {
    const next = stored.lifecycle[stored.step + 1]
    if (!next || stored.payment.final) return
    stored.step += 1
    const time = clock().toISOString()
    const final = !['READY', 'PENDING_APPROVAL', 'PAUSED'].includes(next.status)
    stored.payment = {
      ...stored.payment,
      status: next.status,
      ...(next.status_code
        ? { status_code: next.status_code, status_text: `Demo Bank: ${next.status_code}` }
        : {}),
      final,
      updated_at: time,
      timeline: [...stored.payment.timeline, { status: next.status, time }],
    }
  }

  return {
    handlers,
    calls,
    faults,
    /** Akahu's timestamps follow this clock from now on. */
    setNow(now: Date) {
      clock = () => now
    },
    /** The member at Akahu's consent page shares these accounts: where they are sent back, with the code. */
    consent(options: { redirectUri: string; state: string; accounts: string[] }): string {
      const code = `id_code_${randomBytes(12).toString('hex')}`
      codes.set(code, { redirectUri: options.redirectUri, accounts: options.accounts, used: false })
      const back = new URL(options.redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', options.state)
      return back.toString()
    },
    /** A consent given outside our flow (as if exchanged earlier): its token. */
    grantToken(accounts: string[]): string {
      const token = `user_token_${randomBytes(12).toString('hex')}`
      tokens.set(token, { accounts, revoked: false })
      return token
    },
    /** The member revokes the consent at their bank or at my.akahu.nz. */
    revokeToken(token: string) {
      const grant = tokens.get(token)
      if (grant) grant.revoked = true
    },
    isRevoked: (token: string) => tokens.get(token)?.revoked === true,
    payments: () => [...paymentsById.values()].map((stored) => stored.payment),
    paymentsWithKey: (key: string) =>
      [...paymentsById.values()]
        .filter((stored) => stored.idempotencyKey === key)
        .map((stored) => stored.payment),
  }
}

export type AkahuFake = ReturnType<typeof createAkahuFake>
