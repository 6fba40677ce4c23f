import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  ProviderConfigError,
  publicProviderSummary,
  readProviderConfig,
} from '~/server/providers/provider-config.server'
import { TEST_DATA_KEY } from '../../mocks/data-key'

const stripe = {
  STRIPE_SECRET_KEY: 'sk_test_51AbcDEF',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbcDEF',
  STRIPE_WEBHOOK_SECRET: 'whsec_abcDEF123',
}
const akahu = { AKAHU_APP_TOKEN: 'app_token_abc123', AKAHU_APP_SECRET: 'secret_0123456789abcdef' }
const kisi = { KISI_API_KEY: 'kisi0123456789abcdef', KISI_WEBHOOK_SECRET: 'whk-0123456789abcdef' }
/** Akahu and Kisi leave us secrets to keep, sealed with it (ADR 043). */
const dataKey = { DATA_ENCRYPTION_KEY: TEST_DATA_KEY }

/** The message readProviderConfig stops with, or null when it reads the configuration. */
function refusal(env: Record<string, string | undefined>): string | null {
  try {
    readProviderConfig(env)
    return null
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderConfigError)
    return (error as Error).message
  }
}

/** Every non-empty proper subset of a set of names. */
function partialSets(names: readonly string[]): string[][] {
  const sets: string[][] = []
  for (let mask = 1; mask < 2 ** names.length - 1; mask += 1) {
    sets.push(names.filter((_, index) => mask & (1 << index)))
  }
  return sets
}

describe('readProviderConfig', () => {
  it('is the sandbox for every concern with no keys, and an empty value counts as unset', () => {
    expect(readProviderConfig({})).toEqual({
      cards: { provider: 'sandbox', mode: 'test' },
      bank: { provider: 'sandbox', mode: 'test' },
      doors: { provider: 'sandbox', mode: 'test' },
    })
    expect(readProviderConfig({ STRIPE_SECRET_KEY: ' ', AKAHU_APP_TOKEN: '' }).cards.provider).toBe('sandbox')
  })

  it('chooses each provider when its whole set is there', () => {
    const config = readProviderConfig({ ...stripe, ...akahu, ...kisi, ...dataKey })
    expect(config.cards).toMatchObject({
      provider: 'stripe',
      mode: 'test',
      secretKey: stripe.STRIPE_SECRET_KEY,
    })
    expect(config.bank).toMatchObject({ provider: 'akahu', mode: 'live' })
    expect(config.doors).toMatchObject({ provider: 'kisi', mode: 'live' })
    expect(
      readProviderConfig({ ...akahu, AKAHU_MODE: 'test', ...kisi, KISI_MODE: 'test', ...dataKey }),
    ).toMatchObject({
      bank: { mode: 'test' },
      doors: { mode: 'test' },
    })
  })

  for (const [provider, set] of [
    ['Stripe', stripe],
    ['Akahu', akahu],
    ['Kisi', kisi],
  ] as const) {
    it(`names what is missing for every partial ${provider} set`, () => {
      const names = Object.keys(set)
      for (const present of partialSets(names)) {
        const env = Object.fromEntries(present.map((name) => [name, set[name as keyof typeof set]]))
        const message = refusal(env)
        expect(message).toContain(`${provider} is half configured`)
        for (const name of names) expect(message).toContain(name)
        const missingPart = message?.split(' but ')[1] ?? ''
        for (const name of names.filter((name) => !present.includes(name)))
          expect(missingPart).toContain(name)
        for (const name of present) expect(missingPart).not.toContain(name)
      }
    })
  }

  it('names the Stripe publishable key and webhook secret when only the secret key is set (npm start’s example)', () => {
    expect(refusal({ STRIPE_SECRET_KEY: 'sk_test_x' })).toMatch(
      /STRIPE_SECRET_KEY is set but STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are not/,
    )
  })

  it.each([
    ['STRIPE_SECRET_KEY', 'pk_test_51Abc', /STRIPE_SECRET_KEY does not look like a Stripe secret key/],
    ['STRIPE_SECRET_KEY', 'rk_test_51Abc', /STRIPE_SECRET_KEY does not look like/],
    ['STRIPE_SECRET_KEY', 'sk_prod_51Abc', /STRIPE_SECRET_KEY does not look like/],
    [
      'STRIPE_PUBLISHABLE_KEY',
      'sk_test_51Abc',
      /STRIPE_PUBLISHABLE_KEY does not look like a Stripe publishable key/,
    ],
    [
      'STRIPE_WEBHOOK_SECRET',
      'sk_test_51Abc',
      /STRIPE_WEBHOOK_SECRET does not look like a Stripe webhook signing secret/,
    ],
    ['STRIPE_WEBHOOK_SECRET', 'whsec_has spaces!', /STRIPE_WEBHOOK_SECRET does not look like/],
  ])('refuses %s of the wrong shape (%s) without showing it', (name, value, expected) => {
    const message = refusal({ ...stripe, [name]: value })
    expect(message).toMatch(expected)
    expect(message).not.toContain(value)
  })

  it('refuses a live secret key with a test publishable key, and the other way round', () => {
    expect(refusal({ ...stripe, STRIPE_SECRET_KEY: 'sk_live_51Abc' })).toMatch(
      /STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY is a test key/,
    )
    expect(refusal({ ...stripe, STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' })).toMatch(
      /STRIPE_SECRET_KEY is a test key but STRIPE_PUBLISHABLE_KEY is a live key/,
    )
    expect(
      readProviderConfig({
        ...stripe,
        STRIPE_SECRET_KEY: 'sk_live_51Abc',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc',
      }).cards.mode,
    ).toBe('live')
  })

  it('takes an http(s) API base for each provider and refuses anything else', () => {
    expect(readProviderConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).cards).toMatchObject({
      apiBase: 'http://127.0.0.1:12111',
    })
    expect(readProviderConfig(stripe).cards).not.toHaveProperty('apiBase')
    expect(refusal({ ...stripe, STRIPE_API_BASE: 'ftp://example.com' })).toMatch(
      /STRIPE_API_BASE must be an http\(s\) address/,
    )
    expect(refusal({ ...stripe, STRIPE_API_BASE: 'not a url' })).toMatch(/STRIPE_API_BASE/)
    expect(refusal({ ...akahu, ...dataKey, AKAHU_API_BASE: 'localhost:1' })).toMatch(/AKAHU_API_BASE/)
    expect(refusal({ ...kisi, ...dataKey, KISI_API_BASE: 'file:///etc' })).toMatch(/KISI_API_BASE/)
  })

  it('refuses Akahu and Kisi keys of the wrong shape', () => {
    expect(refusal({ ...akahu, AKAHU_APP_TOKEN: 'user_token_abc' })).toMatch(
      /AKAHU_APP_TOKEN does not look like/,
    )
    expect(refusal({ ...kisi, KISI_WEBHOOK_SECRET: 'short' })).toMatch(
      /KISI_WEBHOOK_SECRET does not look like/,
    )
  })

  it('shows an organisation admin the provider and mode, never a key', () => {
    const summary = publicProviderSummary(readProviderConfig({ ...stripe, ...kisi, ...dataKey }))
    expect(summary).toEqual({
      cards: { provider: 'stripe', mode: 'test' },
      bank: { provider: 'sandbox', mode: 'test' },
      doors: { provider: 'kisi', mode: 'live' },
    })
    const shown = JSON.stringify(summary)
    for (const secret of [...Object.values(stripe), ...Object.values(kisi), TEST_DATA_KEY])
      expect(shown).not.toContain(secret)
  })

  it('stops Akahu or Kisi without DATA_ENCRYPTION_KEY, or with one that is not 32 bytes, naming it', () => {
    for (const set of [akahu, kisi]) {
      expect(refusal(set)).toMatch(/^DATA_ENCRYPTION_KEY is not set: .*openssl rand -base64 32/)
      expect(refusal({ ...set, DATA_ENCRYPTION_KEY: 'too-short' })).toMatch(
        /^DATA_ENCRYPTION_KEY must be 32 random bytes in base64/,
      )
      expect(refusal({ ...set, DATA_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toMatch(
        /^DATA_ENCRYPTION_KEY must be 32/,
      )
    }
    // Cards keep nothing of the member's: Stripe alone needs no key.
    expect(refusal(stripe)).toBeNull()
    expect(readProviderConfig({ ...akahu, ...dataKey }).bank).toMatchObject({ dataKey: TEST_DATA_KEY })
  })
})

describe('the module scripts/start.ts reads before the build', () => {
  it('loads in plain Node (no path aliases, no build): start-up checks the keys with it', () => {
    const module = new URL('../../../app/server/providers/provider-config.server.ts', import.meta.url)
    const loaded = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(module.href)}); console.log(typeof m.readProviderConfig)`,
      ],
      { encoding: 'utf8' },
    )
    expect(loaded.stderr).toBe('')
    expect(loaded.stdout.trim()).toBe('function')
  })
})
