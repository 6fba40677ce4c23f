import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small stand-in for Stripe's API (PROVIDERS.md §1.8) for the browser test of the card step: the server
 * under test reaches it through `STRIPE_API_BASE`, and the stubbed Stripe.js's `confirmSetup` through
 * Playwright's routing of `https://api.stripe.com`. Bodies are form-encoded with bracket keys, answers are
 * Stripe's JSON objects, errors are `{ error: { type, code, message } }` with Stripe's statuses, a request
 * repeated with its `Idempotency-Key` replays the first answer, and objects made on a connected account
 * (`Stripe-Account`) are found only on that account, as with Stripe's direct charges.
 *
 * Answered: `POST /v1/customers`, `POST /v1/setup_intents`, `GET /v1/setup_intents/:id` (with
 * `expand[]=payment_method`), `POST /v1/payment_intents` (a card saved here succeeds, any other declines), `POST /v1/setup_intents/:id/confirm` (Stripe.js's, with the publishable key
 * and the client secret), `GET /v1/payment_methods/:id`, `GET /v1/accounts/:id`.
 *
 * Test cards (PROVIDERS.md §1.7): 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 declines
 * (`card_declined`); 4000 0000 0000 9995 declines (`insufficient_funds`); 4000 0025 0000 3155 asks for
 * 3-D Secure (`requires_action`), finished by `POST /v1/setup_intents/:id/authenticate` (ours: the stub's
 * stand-in for the bank's challenge) with `result=complete|fail`; 4000 0027 6000 3184 asks when saved and
 * on every charge: off-session a 402 `authentication_required`, on-session a PaymentIntent waiting in
 * `requires_action`, read with `GET /v1/payment_intents/:id`, cancelled with `…/cancel`, and finished by
 * `POST /v1/payment_intents/:id/authenticate` (the stub's `handleNextAction`).
 */

export interface FakeStripeRequest {
  method: string
  path: string
  /** `Stripe-Account`, or Stripe.js's `_stripe_account` body field. */
  account: string | null
  idempotencyKey: string | null
  /** `Authorization: Bearer sk_…`, or Stripe.js's `key=pk_…`: which kind of key called. */
  key: string | null
  body: Record<string, unknown>
}

interface SetupIntent {
  id: string
  object: 'setup_intent'
  client_secret: string
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled'
  customer: string | null
  payment_method: string | null
  usage: string
  metadata: Record<string, string>
  last_setup_error: { type: string; code: string; decline_code?: string; message: string } | null
  next_action: { type: 'use_stripe_sdk'; use_stripe_sdk: Record<string, unknown> } | null
  payment_method_types: string[]
  livemode: false
  created: number
  description: null
  cancellation_reason: null
  application: null
  on_behalf_of: null
  mandate: null
  single_use_mandate: null
  latest_attempt: null
  flow_directions: null
  payment_method_options: {
    card: { request_three_d_secure: 'automatic'; mandate_options: null; network: null }
  }
}

interface PaymentMethod {
  id: string
  object: 'payment_method'
  type: 'card'
  customer: string | null
  card: {
    brand: string
    display_brand: string
    last4: string
    exp_month: number
    exp_year: number
    country: string
    funding: 'credit'
    fingerprint: string
    wallet: null
  }
  billing_details: {
    address: Record<string, null>
    email: null
    name: null
    phone: null
  }
  metadata: Record<string, string>
  livemode: false
  created: number
}

interface Stored {
  account: string | null
  object: Record<string, unknown>
}

export interface FakeStripe {
  /** `http://127.0.0.1:<port>`: the server's `STRIPE_API_BASE`. */
  url: string
  requests: FakeStripeRequest[]
  /** Answers one request as Stripe would (used by the browser's routed calls too). */
  handle(request: {
    method: string
    path: string
    query: URLSearchParams
    headers: Record<string, string | undefined>
    body: string
  }): { status: number; body: unknown }
  close(): Promise<void>
}

const testCards: Record<
  string,
  {
    brand: string
    outcome: 'succeeds' | 'three_d_secure' | { code: string; decline?: string; message: string }
  }
> = {
  '4242424242424242': { brand: 'visa', outcome: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', outcome: 'succeeds' },
  '4000000000000002': {
    brand: 'visa',
    outcome: { code: 'card_declined', decline: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    outcome: {
      code: 'card_declined',
      decline: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
  '4000002500003155': { brand: 'visa', outcome: 'three_d_secure' },
  // Asks for 3-D Secure when saved and again on every charge: off-session a decline, on-session a check.
  '4000002760003184': { brand: 'visa', outcome: 'three_d_secure' },
}

/** The last four digits of the test card whose bank wants the member's approval on every charge. */
const approvalEveryCharge = '3184'

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

/** `a[b][c]=1&list[]=x` into `{ a: { b: { c: '1' } }, list: ['x'] }`, as Stripe reads its bodies. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [name, value] of new URLSearchParams(text)) {
    // `a[b][]` → ['a', 'b', '']: an empty key is a list's next item.
    const keys = [
      name.replace(/\[.*$/, ''),
      ...[...name.matchAll(/\[([^\]]*)\]/g)].map((part) => part[1] ?? ''),
    ]
    let target: Record<string, unknown> | unknown[] = result
    keys.forEach((key, index) => {
      const last = index === keys.length - 1
      if (Array.isArray(target)) {
        if (last) target.push(value)
        return
      }
      if (last) {
        target[key] = value
        return
      }
      const next = keys[index + 1] === '' ? [] : {}
      target[key] ??= next
      target = target[key] as Record<string, unknown> | unknown[]
    })
  }
  return result
}

function stripeError(status: number, type: string, code: string, message: string, extra = {}) {
  return { status, body: { error: { type, code, message, ...extra } } }
}

const missing = (kind: string, value: string) =>
  stripeError(404, 'invalid_request_error', 'resource_missing', `No such ${kind}: '${value}'`)

export async function startFakeStripe(): Promise<FakeStripe> {
  const objects = new Map<string, Stored>()
  const replays = new Map<string, { status: number; body: unknown }>()
  const requests: FakeStripeRequest[] = []

  const find = (objectId: string, account: string | null) => {
    const stored = objects.get(objectId)
    return stored && stored.account === account ? stored.object : undefined
  }
  const keep = <T extends { id: string }>(object: T, account: string | null): T => {
    objects.set(object.id, { account, object })
    return object
  }

  function handle(request: {
    method: string
    path: string
    query: URLSearchParams
    headers: Record<string, string | undefined>
    body: string
  }): { status: number; body: unknown } {
    const body = parseStripeForm(request.body)
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null
    // Stripe.js sends its key and account in the body of a POST, in the query of a GET.
    const key = bearer ?? (typeof body.key === 'string' ? body.key : request.query.get('key'))
    const account =
      request.headers['stripe-account'] ??
      (typeof body._stripe_account === 'string'
        ? body._stripe_account || null
        : request.query.get('_stripe_account') || null)
    const idempotencyKey = request.headers['idempotency-key'] ?? null
    requests.push({ method: request.method, path: request.path, account, idempotencyKey, key, body })

    if (!key)
      return stripeError(401, 'invalid_request_error', 'api_key_missing', 'You did not provide an API key.')
    const publishable = key.startsWith('pk_test_')
    if (!publishable && !key.startsWith('sk_test_')) {
      return stripeError(
        401,
        'invalid_request_error',
        'api_key_invalid',
        `Invalid API Key provided: ${key.slice(0, 8)}…`,
      )
    }
    if (account !== null && !/^acct_\w+$/.test(account)) {
      return stripeError(
        403,
        'invalid_request_error',
        'account_invalid',
        'The provided key does not have access to account.',
      )
    }
    const replayKey = idempotencyKey && request.method === 'POST' ? `${account}:${idempotencyKey}` : null
    const replay = replayKey ? replays.get(replayKey) : undefined
    if (replay) return replay
    const answer = route(request.method, request.path, request.query, body, account, publishable)
    // Stripe keeps the first answer for a key once the endpoint has run, errors included.
    if (replayKey && answer.status !== 400) replays.set(replayKey, answer)
    return answer
  }

  function route(
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
    account: string | null,
    publishable: boolean,
  ): { status: number; body: unknown } {
    const secretOnly = () =>
      stripeError(
        401,
        'invalid_request_error',
        'secret_key_required',
        'This API call cannot be made with a publishable API key.',
      )
    let match: RegExpExecArray | null

    if (method === 'POST' && path === '/v1/customers') {
      if (publishable) return secretOnly()
      return {
        status: 200,
        body: keep(
          {
            id: id('cus'),
            object: 'customer',
            email: typeof body.email === 'string' ? body.email : null,
            name: typeof body.name === 'string' ? body.name : null,
            metadata: (body.metadata as Record<string, string>) ?? {},
            invoice_settings: { default_payment_method: null },
            livemode: false,
            created: now(),
          },
          account,
        ),
      }
    }

    if (method === 'POST' && path === '/v1/setup_intents') {
      if (publishable) return secretOnly()
      const customer = typeof body.customer === 'string' ? body.customer : null
      if (customer && !find(customer, account)) return missing('customer', customer)
      const setupId = id('seti')
      const intent: SetupIntent = {
        id: setupId,
        object: 'setup_intent',
        client_secret: `${setupId}_secret_${randomBytes(16).toString('hex')}`,
        status: 'requires_payment_method',
        customer,
        payment_method: null,
        usage: typeof body.usage === 'string' ? body.usage : 'off_session',
        metadata: (body.metadata as Record<string, string>) ?? {},
        last_setup_error: null,
        next_action: null,
        payment_method_types: Array.isArray(body.payment_method_types)
          ? (body.payment_method_types as string[])
          : ['card'],
        livemode: false,
        created: now(),
        description: null,
        cancellation_reason: null,
        application: null,
        on_behalf_of: null,
        mandate: null,
        single_use_mandate: null,
        latest_attempt: null,
        flow_directions: null,
        payment_method_options: {
          card: { request_three_d_secure: 'automatic', mandate_options: null, network: null },
        },
      }
      return { status: 200, body: keep(intent, account) }
    }

    match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      const intent = find(match[1] as string, account) as SetupIntent | undefined
      if (!intent) return missing('setupintent', match[1] as string)
      if (publishable && query.get('client_secret') !== intent.client_secret) {
        return missing('setupintent', intent.id)
      }
      // stripe-node sends `expand[0]=…`; Stripe's docs write `expand[]=…`.
      const expand = [...query].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value)
      if (expand.includes('payment_method') && intent.payment_method) {
        return { status: 200, body: { ...intent, payment_method: find(intent.payment_method, account) } }
      }
      return { status: 200, body: intent }
    }

    match = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path)
    if (method === 'POST' && match) {
      const intent = find(match[1] as string, account) as SetupIntent | undefined
      if (!intent || (publishable && body.client_secret !== intent.client_secret)) {
        return missing('setupintent', match[1] as string)
      }
      if (intent.status === 'succeeded') {
        return stripeError(
          400,
          'invalid_request_error',
          'setup_intent_unexpected_state',
          'You cannot confirm this SetupIntent because it has already succeeded.',
        )
      }
      const data = (body.payment_method_data ?? {}) as { card?: Record<string, string> }
      const number = (data.card?.number ?? '').replace(/\D/g, '')
      const card = testCards[number]
      if (!card) {
        return stripeError(402, 'card_error', 'incorrect_number', 'Your card number is incorrect.', {
          param: 'number',
        })
      }
      const { outcome } = card
      if (typeof outcome === 'object') {
        intent.status = 'requires_payment_method'
        intent.last_setup_error = {
          type: 'card_error',
          code: outcome.code,
          ...(outcome.decline ? { decline_code: outcome.decline } : {}),
          message: outcome.message,
        }
        return stripeError(402, 'card_error', outcome.code, outcome.message, {
          ...(outcome.decline ? { decline_code: outcome.decline } : {}),
          setup_intent: intent,
        })
      }
      const method = keep<PaymentMethod>(
        {
          id: id('pm'),
          object: 'payment_method',
          type: 'card',
          customer: intent.customer,
          card: {
            brand: card.brand,
            display_brand: card.brand,
            last4: number.slice(-4),
            exp_month: Number(data.card?.exp_month ?? 12),
            exp_year: Number(data.card?.exp_year ?? 2030),
            country: 'US',
            funding: 'credit',
            fingerprint: randomBytes(8).toString('hex'),
            wallet: null,
          },
          billing_details: {
            address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
            email: null,
            name: null,
            phone: null,
          },
          metadata: {},
          livemode: false,
          created: now(),
        },
        account,
      )
      intent.payment_method = method.id
      intent.last_setup_error = null
      if (outcome === 'three_d_secure') {
        intent.status = 'requires_action'
        intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } }
      } else {
        intent.status = 'succeeded'
      }
      return { status: 200, body: intent }
    }

    // The bank's 3-D Secure challenge, as the stubbed Stripe.js's modal finishes it (not a Stripe path).
    match = /^\/v1\/setup_intents\/([^/]+)\/authenticate$/.exec(path)
    if (method === 'POST' && match) {
      const intent = find(match[1] as string, account) as SetupIntent | undefined
      if (!intent || body.client_secret !== intent.client_secret)
        return missing('setupintent', match[1] as string)
      intent.next_action = null
      if (body.result === 'complete') {
        intent.status = 'succeeded'
        return { status: 200, body: intent }
      }
      intent.status = 'requires_payment_method'
      intent.payment_method = null
      intent.last_setup_error = {
        type: 'card_error',
        code: 'setup_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      }
      return stripeError(
        402,
        'card_error',
        'setup_intent_authentication_failure',
        intent.last_setup_error.message,
        {
          setup_intent: intent,
        },
      )
    }

    // Charges: the billing engine's off-session ones (the demo's history, on a server with Stripe keys),
    // and the payment link's on-session ones, which the 3184 card leaves waiting for the member's check.
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (publishable) return secretOnly()
      const paymentMethod = typeof body.payment_method === 'string' ? body.payment_method : null
      const card = paymentMethod ? (find(paymentMethod, account) as PaymentMethod | undefined) : undefined
      if (!card) {
        return stripeError(402, 'card_error', 'card_declined', 'Your card was declined.', {
          decline_code: 'generic_decline',
        })
      }
      const intentId = id('pi')
      const intent = keep<Record<string, unknown> & { id: string }>(
        {
          id: intentId,
          object: 'payment_intent',
          client_secret: `${intentId}_secret_${randomBytes(16).toString('hex')}`,
          status: 'succeeded',
          amount: Number(body.amount),
          currency: body.currency,
          customer: body.customer ?? null,
          payment_method: paymentMethod,
          latest_charge: id('ch'),
          metadata: (body.metadata as Record<string, string>) ?? {},
          next_action: null,
          last_payment_error: null,
          return_url: typeof body.return_url === 'string' ? body.return_url : null,
          livemode: false,
          created: now(),
        },
        account,
      )
      if (card.card.last4 === approvalEveryCharge) {
        if (body.off_session === 'true') {
          const message = 'Your card was declined. This transaction requires authentication.'
          Object.assign(intent, {
            status: 'requires_payment_method',
            latest_charge: null,
            last_payment_error: { type: 'card_error', code: 'authentication_required', message },
          })
          return stripeError(402, 'card_error', 'authentication_required', message, {
            decline_code: 'authentication_required',
            payment_intent: intent,
          })
        }
        Object.assign(intent, {
          status: 'requires_action',
          latest_charge: null,
          next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
        })
      }
      return { status: 200, body: intent }
    }

    // Read by our server (secret key, on the gym's account) or by Stripe.js (publishable key and the
    // client secret), as Stripe allows.
    match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      const intent = find(match[1] as string, account)
      if (!intent) return missing('payment_intent', match[1] as string)
      if (publishable && query.get('client_secret') !== intent.client_secret)
        return missing('payment_intent', match[1] as string)
      return { status: 200, body: intent }
    }

    match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path)
    if (method === 'POST' && match) {
      if (publishable) return secretOnly()
      const intent = find(match[1] as string, account)
      if (!intent) return missing('payment_intent', match[1] as string)
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return stripeError(
          400,
          'invalid_request_error',
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}.`,
        )
      }
      Object.assign(intent, {
        status: 'canceled',
        next_action: null,
        cancellation_reason: body.cancellation_reason ?? null,
      })
      return { status: 200, body: intent }
    }

    // The bank's 3-D Secure challenge of a charge, as the stubbed Stripe.js's modal finishes it.
    match = /^\/v1\/payment_intents\/([^/]+)\/authenticate$/.exec(path)
    if (method === 'POST' && match) {
      const intent = find(match[1] as string, account)
      if (!intent || body.client_secret !== intent.client_secret || intent.status !== 'requires_action')
        return missing('payment_intent', match[1] as string)
      intent.next_action = null
      if (body.result === 'complete') {
        Object.assign(intent, { status: 'succeeded', latest_charge: id('ch') })
        return { status: 200, body: intent }
      }
      const message =
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.'
      Object.assign(intent, {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'payment_intent_authentication_failure', message },
      })
      return stripeError(402, 'card_error', 'payment_intent_authentication_failure', message, {
        payment_intent: intent,
      })
    }

    match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      if (publishable) return secretOnly()
      const found = find(match[1] as string, account)
      return found ? { status: 200, body: found } : missing('payment_method', match[1] as string)
    }

    match = /^\/v1\/accounts\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      if (publishable) return secretOnly()
      const accountId = match[1] as string
      if (!/^acct_\w+$/.test(accountId)) return missing('account', accountId)
      return {
        status: 200,
        body: {
          id: accountId,
          object: 'account',
          type: 'standard',
          business_profile: { name: 'Test gym' },
          country: 'NZ',
          default_currency: 'nzd',
          charges_enabled: true,
          payouts_enabled: true,
          details_submitted: true,
          capabilities: { card_payments: 'active', transfers: 'active' },
          requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
          metadata: {},
          created: now(),
        },
      }
    }

    return stripeError(
      404,
      'invalid_request_error',
      'url_invalid',
      `Unrecognized request URL (${method}: ${path}).`,
    )
  }

  const server: Server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake-stripe')
      const headers: Record<string, string | undefined> = {}
      for (const [name, value] of Object.entries(incoming.headers)) {
        headers[name] = Array.isArray(value) ? value[0] : value
      }
      const answer = handle({
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
      })
      outgoing.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(headers['idempotency-key'] ? { 'idempotency-key': headers['idempotency-key'] } : {}),
      })
      outgoing.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
