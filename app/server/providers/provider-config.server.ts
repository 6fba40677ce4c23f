/**
 * Which provider serves each concern, read from the environment in one place (issue 26, point 1):
 *
 * - cards: Stripe when `STRIPE_SECRET_KEY`, `STRIPE_PUBLISHABLE_KEY` and `STRIPE_WEBHOOK_SECRET` are all set;
 * - bank payments: Akahu when `AKAHU_APP_TOKEN` and `AKAHU_APP_SECRET` are set;
 * - doors: Kisi when `KISI_API_KEY` and `KISI_WEBHOOK_SECRET` are set;
 *
 * otherwise the sandbox. A partial set, or a key of the wrong shape, is a `ProviderConfigError` whose
 * message names the variable: start-up stops on it (`assertProviderConfig`). Reading the configuration
 * calls no provider, so a provider being down never stops the app from starting. The keys stay on the
 * server: only `publicProviderSummary` (no secrets) and Stripe's publishable key reach a browser.
 */

export type ProviderMode = 'live' | 'test'

export interface StripeConfig {
  provider: 'stripe'
  secretKey: string
  publishableKey: string
  webhookSecret: string
  /** From the secret key's prefix: `sk_live_` is live, `sk_test_` is test. */
  mode: ProviderMode
  /** `STRIPE_API_BASE`: another address for Stripe's API (a local fake such as stripe-mock); unset: Stripe's. */
  apiBase?: string
}

export interface AkahuConfig {
  provider: 'akahu'
  appToken: string
  appSecret: string
  /** `DATA_ENCRYPTION_KEY`: members' Akahu tokens are kept sealed with it (ADR 043). */
  dataKey: string
  /** Akahu has one environment; an app is live once Akahu has approved it for production. */
  mode: ProviderMode
  /** `AKAHU_API_BASE`: another address for Akahu's API (a local fake); unset: Akahu's. */
  apiBase?: string
}

export interface KisiConfig {
  provider: 'kisi'
  apiKey: string
  webhookSecret: string
  /** `DATA_ENCRYPTION_KEY`: an organisation's own Kisi key is kept sealed with it (ADR 043). */
  dataKey: string
  mode: ProviderMode
  /** `KISI_API_BASE`: another address for Kisi's API (a local fake); unset: Kisi's. */
  apiBase?: string
}

export interface SandboxConfig {
  provider: 'sandbox'
  mode: 'test'
}

export interface ProviderConfig {
  cards: StripeConfig | SandboxConfig
  bank: AkahuConfig | SandboxConfig
  doors: KisiConfig | SandboxConfig
}

export class ProviderConfigError extends Error {
  override readonly name = 'ProviderConfigError'
}

type Env = Record<string, string | undefined>

const sandbox: SandboxConfig = { provider: 'sandbox', mode: 'test' }

/** `FOO=` in a .env file means "not set". */
function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim()
  return raw === undefined || raw === '' ? undefined : raw
}

/** The set is all there or all absent; anything between names what is missing. */
function complete(env: Env, names: readonly string[], provider: string): Record<string, string> | null {
  const present = names.filter((name) => value(env, name) !== undefined)
  if (present.length === 0) return null
  const missing = names.filter((name) => value(env, name) === undefined)
  if (missing.length > 0) {
    throw new ProviderConfigError(
      `${provider} is half configured: ${present.join(', ')} ${present.length === 1 ? 'is' : 'are'} set but ` +
        `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not. Set ${missing.length === 1 ? 'it' : 'them'}, or unset ` +
        `${present.length === 1 ? 'it' : 'them'} to use the sandbox.`,
    )
  }
  return Object.fromEntries(names.map((name) => [name, value(env, name) as string]))
}

function shape(name: string, key: string, pattern: RegExp, expected: string) {
  if (!pattern.test(key)) {
    throw new ProviderConfigError(
      `${name} does not look like ${expected}. Check that the right key is in ${name}.`,
    )
  }
}

function apiBase(env: Env, name: string): { apiBase?: string } {
  const base = value(env, name)
  if (base === undefined) return {}
  if (!URL.canParse(base) || !/^https?:$/.test(new URL(base).protocol)) {
    throw new ProviderConfigError(`${name} must be an http(s) address, such as http://127.0.0.1:12111.`)
  }
  return { apiBase: base }
}

function readStripe(env: Env): StripeConfig | SandboxConfig {
  const keys = complete(
    env,
    ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    'Stripe',
  )
  if (!keys) return sandbox
  const secretKey = keys.STRIPE_SECRET_KEY as string
  const publishableKey = keys.STRIPE_PUBLISHABLE_KEY as string
  const webhookSecret = keys.STRIPE_WEBHOOK_SECRET as string
  // Restricted keys (`rk_…`) are refused too: the adapter needs Connect, PaymentIntents and SetupIntents.
  shape(
    'STRIPE_SECRET_KEY',
    secretKey,
    /^sk_(test|live)_[A-Za-z0-9]+$/,
    'a Stripe secret key (sk_test_… or sk_live_…)',
  )
  shape(
    'STRIPE_PUBLISHABLE_KEY',
    publishableKey,
    /^pk_(test|live)_[A-Za-z0-9]+$/,
    'a Stripe publishable key (pk_test_… or pk_live_…)',
  )
  shape(
    'STRIPE_WEBHOOK_SECRET',
    webhookSecret,
    /^whsec_[A-Za-z0-9+/=]+$/,
    'a Stripe webhook signing secret (whsec_…)',
  )
  const mode: ProviderMode = secretKey.startsWith('sk_live_') ? 'live' : 'test'
  const publishableMode: ProviderMode = publishableKey.startsWith('pk_live_') ? 'live' : 'test'
  if (mode !== publishableMode) {
    throw new ProviderConfigError(
      `STRIPE_SECRET_KEY is a ${mode} key but STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key: both must be live or both test.`,
    )
  }
  return {
    provider: 'stripe',
    secretKey,
    publishableKey,
    webhookSecret,
    mode,
    ...apiBase(env, 'STRIPE_API_BASE'),
  }
}

function readAkahu(env: Env): AkahuConfig | SandboxConfig {
  const keys = complete(env, ['AKAHU_APP_TOKEN', 'AKAHU_APP_SECRET'], 'Akahu')
  if (!keys) return sandbox
  const appToken = keys.AKAHU_APP_TOKEN as string
  const appSecret = keys.AKAHU_APP_SECRET as string
  shape('AKAHU_APP_TOKEN', appToken, /^app_token_[A-Za-z0-9]+$/, 'an Akahu app ID token (app_token_…)')
  shape('AKAHU_APP_SECRET', appSecret, /^[A-Za-z0-9_-]{16,}$/, 'an Akahu app secret')
  const mode = value(env, 'AKAHU_MODE') === 'test' ? 'test' : 'live'
  const dataKey = readDataKey(env, 'Akahu, whose member tokens')
  return { provider: 'akahu', appToken, appSecret, dataKey, mode, ...apiBase(env, 'AKAHU_API_BASE') }
}

function readKisi(env: Env): KisiConfig | SandboxConfig {
  const keys = complete(env, ['KISI_API_KEY', 'KISI_WEBHOOK_SECRET'], 'Kisi')
  if (!keys) return sandbox
  const apiKey = keys.KISI_API_KEY as string
  const webhookSecret = keys.KISI_WEBHOOK_SECRET as string
  shape('KISI_API_KEY', apiKey, /^[A-Za-z0-9_-]{16,}$/, 'a Kisi API key')
  shape('KISI_WEBHOOK_SECRET', webhookSecret, /^\S{16,}$/, 'a Kisi webhook secret (16 characters or more)')
  const mode = value(env, 'KISI_MODE') === 'test' ? 'test' : 'live'
  const dataKey = readDataKey(env, 'Kisi, whose organisation keys')
  return { provider: 'kisi', apiKey, webhookSecret, dataKey, mode, ...apiBase(env, 'KISI_API_BASE') }
}

/**
 * The 32-byte key in `DATA_ENCRYPTION_KEY`'s base64, or null when it is not one. Here, with no imports,
 * because `scripts/start.ts` reads this module as it is before the build (`secret-box.server.ts` uses it).
 */
export function parseDataKey(base64: string): Buffer | null {
  if (!/^[A-Za-z0-9+/]{43}=?$/.test(base64.trim())) return null
  const key = Buffer.from(base64.trim(), 'base64')
  return key.length === 32 ? key : null
}

/**
 * `DATA_ENCRYPTION_KEY`, which a real provider that leaves us secrets to keep needs (ADR 043): 32
 * random bytes in base64. Missing or of another shape, start-up stops naming it.
 */
function readDataKey(env: Env, whose: string): string {
  const key = value(env, 'DATA_ENCRYPTION_KEY')
  if (!key) {
    throw new ProviderConfigError(
      `DATA_ENCRYPTION_KEY is not set: with ${whose} are kept encrypted with it. Make one with \`openssl rand -base64 32\`.`,
    )
  }
  if (!parseDataKey(key)) {
    throw new ProviderConfigError(
      'DATA_ENCRYPTION_KEY must be 32 random bytes in base64 (44 characters, as `openssl rand -base64 32` prints).',
    )
  }
  return key
}

/** Throws `ProviderConfigError` naming the first variable that is missing or of the wrong shape. */
export function readProviderConfig(env: Env = process.env): ProviderConfig {
  return { cards: readStripe(env), bank: readAkahu(env), doors: readKisi(env) }
}

let cached: ProviderConfig | undefined

/** The process's configuration, read once. */
export function getProviderConfig(): ProviderConfig {
  cached ??= readProviderConfig()
  return cached
}

/** For tests that change process.env between cases. */
export function resetProviderConfigCache() {
  cached = undefined
}

/** What an organisation admin may see of it (no keys): which provider, live or test. */
export function publicProviderSummary(config: ProviderConfig) {
  return {
    cards: { provider: config.cards.provider, mode: config.cards.mode },
    bank: { provider: config.bank.provider, mode: config.bank.mode },
    doors: { provider: config.doors.provider, mode: config.doors.mode },
  }
}
