import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { AkahuClient } from 'akahu'
import Stripe from 'stripe'
import type { WebhookProvider } from '~/contracts/enums'
import type {
  AkahuConfig,
  KisiConfig,
  ProviderConfig,
  SandboxConfig,
  StripeConfig,
} from '~/server/providers/provider-config.server'

/**
 * The providers' signatures, checked on the raw body before anything else reads it (issue 26 point 5,
 * PROVIDERS.md §1.5, §2, §3). A verified delivery answers the provider's own event id and type; a
 * refused one answers why, in words the provider's dashboard shows back to whoever set it up.
 */
export type VerifiedDelivery =
  | { verified: true; eventId: string; type: string; payload: unknown }
  | { verified: false; message: string; type: string; payload: unknown }

/** Stripe's default, and what issue 26 asks: a signature older than five minutes is stale. */
export const stripeToleranceSeconds = 300

const notJson = 'The body is not JSON.'

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return null
  }
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.length > 0) return value.slice(0, 200)
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

function refused(message: string, raw: string, type: string | null): VerifiedDelivery {
  return { verified: false, message, type: type ?? 'unknown', payload: parseJson(raw) ?? { body: notJson } }
}

/** `Stripe-Signature` with the SDK's `constructEvent` and the endpoint's `whsec_` secret, 300 s tolerance. */
export function verifyStripeDelivery(options: {
  config: StripeConfig | SandboxConfig
  raw: string
  signature: string | undefined
  now: Date
}): VerifiedDelivery {
  const claimedType = text(field(parseJson(options.raw), 'type'))
  if (options.config.provider !== 'stripe') {
    return refused('Stripe webhooks are not accepted: cards use the sandbox here.', options.raw, claimedType)
  }
  if (!options.signature) return refused('The Stripe-Signature header is missing.', options.raw, claimedType)
  try {
    const event = Stripe.webhooks.constructEvent(
      options.raw,
      options.signature,
      options.config.webhookSecret,
      stripeToleranceSeconds,
      undefined,
      options.now.getTime(),
    )
    return { verified: true, eventId: event.id, type: event.type, payload: JSON.parse(options.raw) }
  } catch (error) {
    const stale = error instanceof Error && /tolerance/i.test(error.message)
    return refused(
      stale
        ? 'The Stripe-Signature timestamp is more than 5 minutes old.'
        : 'The Stripe-Signature does not match this body and the endpoint secret.',
      options.raw,
      claimedType,
    )
  }
}

/**
 * `X-Signature`: Kisi's HMAC-SHA256 of the JSON body with the webhook's signing key, hex. Compared in
 * constant time. Kisi's event id is its `uuid`.
 */
export function verifyKisiDelivery(options: {
  config: KisiConfig | SandboxConfig
  raw: string
  signature: string | undefined
}): VerifiedDelivery {
  const body = parseJson(options.raw)
  const claimedType = text(field(body, 'type'))
  if (options.config.provider !== 'kisi') {
    return refused('Kisi webhooks are not accepted: doors use the sandbox here.', options.raw, claimedType)
  }
  if (!options.signature) return refused('The X-Signature header is missing.', options.raw, claimedType)
  const expected = createHmac('sha256', options.config.webhookSecret).update(options.raw).digest()
  const given = Buffer.from(options.signature.trim().toLowerCase(), 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refused('The X-Signature does not match this body and the signing key.', options.raw, claimedType)
  }
  const eventId = text(field(body, 'uuid')) ?? text(field(body, 'id'))
  if (body === null) return refused(notJson, options.raw, null)
  if (!eventId) return refused('The event has no uuid.', options.raw, claimedType)
  return { verified: true, eventId, type: claimedType ?? 'unknown', payload: body }
}

/** Akahu's type and code read as one event type, e.g. `PAYMENT.UPDATE`, `TOKEN.DELETE`. */
export function akahuEventType(payload: unknown): string | null {
  const type = text(field(payload, 'webhook_type'))
  const code = text(field(payload, 'webhook_code'))
  return type && code ? `${type}.${code}` : null
}

/**
 * Akahu's webhook bodies carry no event id, and a redelivery is the same body byte for byte: the id we
 * deduplicate on is the body's SHA-256 (two different events never share a body: a payment's status
 * changes are different bodies).
 */
export function akahuEventId(raw: string): string {
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`
}

let akahu: { client: AkahuClient; key: string } | undefined

/** One client per configuration, so the SDK's signing-key cache (24 h, newest id wins) lives with the process. */
function akahuClient(config: AkahuConfig): AkahuClient {
  const key = `${config.appToken}\u0000${config.apiBase ?? ''}`
  if (akahu?.key === key) return akahu.client
  const base = config.apiBase ? new URL(config.apiBase) : null
  const client = new AkahuClient({
    appToken: config.appToken,
    appSecret: config.appSecret,
    ...(base
      ? {
          protocol: base.protocol === 'http:' ? 'http' : 'https',
          host: base.hostname,
          ...(base.port ? { port: Number(base.port) } : {}),
        }
      : {}),
  })
  akahu = { client, key }
  return client
}

/**
 * `X-Akahu-Signature` (base64 RSA-SHA256 of the raw body) with the public key `X-Akahu-Signing-Key`
 * names, fetched from Akahu and cached by the SDK's `validateWebhook` (a key older than the cached one
 * is refused: it was rotated out).
 */
export async function verifyAkahuDelivery(options: {
  config: AkahuConfig | SandboxConfig
  raw: string
  signature: string | undefined
  signingKey: string | undefined
}): Promise<VerifiedDelivery> {
  const body = parseJson(options.raw)
  const claimedType = akahuEventType(body)
  if (options.config.provider !== 'akahu') {
    return refused(
      'Akahu webhooks are not accepted: bank payments use the sandbox here.',
      options.raw,
      claimedType,
    )
  }
  if (!options.signature || !options.signingKey) {
    return refused(
      'The X-Akahu-Signature or X-Akahu-Signing-Key header is missing.',
      options.raw,
      claimedType,
    )
  }
  try {
    const payload = await akahuClient(options.config).webhooks.validateWebhook(
      options.signingKey,
      options.signature,
      options.raw,
    )
    return {
      verified: true,
      eventId: akahuEventId(options.raw),
      type: akahuEventType(payload) ?? 'unknown',
      payload,
    }
  } catch (error) {
    // The SDK exports the error's type only: its class is known by name.
    const name = error instanceof Error ? error.constructor.name : ''
    return refused(
      name === 'AkahuWebhookValidationError'
        ? 'The X-Akahu-Signature does not verify with the signing key it names (or that key was rotated out).'
        : 'The signing key named by X-Akahu-Signing-Key could not be fetched from Akahu: the delivery was not verified.',
      options.raw,
      claimedType,
    )
  }
}

/** The delivery of one provider, verified with that provider's configuration. */
export async function verifyDelivery(options: {
  provider: WebhookProvider
  config: ProviderConfig
  raw: string
  header: (name: string) => string | undefined
  now: Date
}): Promise<VerifiedDelivery> {
  const { raw, header } = options
  switch (options.provider) {
    case 'stripe':
      return verifyStripeDelivery({
        config: options.config.cards,
        raw,
        signature: header('stripe-signature'),
        now: options.now,
      })
    case 'akahu':
      return verifyAkahuDelivery({
        config: options.config.bank,
        raw,
        signature: header('x-akahu-signature'),
        signingKey: header('x-akahu-signing-key'),
      })
    case 'kisi':
      return verifyKisiDelivery({ config: options.config.doors, raw, signature: header('x-signature') })
  }
}
