import { z } from 'zod'

/**
 * Server environment, validated once at start-up. Every variable has a default that runs as it is
 * on a fresh clone (embedded database, sandbox providers, mail kept in the outbox).
 */
/** `FOO=` in a .env file means "not set", not an empty value. */
const optional = <T extends z.ZodType>(inner: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), inner.optional())

/** `true` or `false` in the environment, as a boolean; `fallback` when unset. */
const flag = (fallback: 'true' | 'false') =>
  z
    .enum(['true', 'false'])
    .default(fallback)
    .transform((v) => v === 'true')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  HOST: z.string().default('0.0.0.0'),
  JOIN_HOST: z.string().default('join.localhost'),
  CONSOLE_HOST: z.string().default('console.localhost'),
  /** How browsers reach us, for links in e-mails and the cookies' Secure flag. */
  PUBLIC_PROTOCOL: z.enum(['http', 'https']).default('http'),
  /** Port in those links; default: PORT over http, none over https. */
  PUBLIC_PORT: optional(z.string().regex(/^\d+$/)),
  /** Share one session between the two sites when they have a parent domain (`.gymbase.nz`). */
  SESSION_COOKIE_DOMAIN: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  DATA_DIR: z.string().default('.data'),
  /** Calls a remote API of the same contract instead of dispatching in-process. */
  API_BASE_URL: optional(z.url()),
  /** Seed demo data on first start when the embedded database is empty. */
  SEED_DEMO: flag('true'),
  /**
   * Seed the demo on first start into an empty PostgreSQL database too (with SEED_DEMO): for a demo on
   * `npm run start:cluster` and its browser test. Never in a deployment, where DATABASE_URL is real.
   */
  SEED_DEMO_POSTGRES: flag('false'),
  /** Behind a load balancer or CDN that sets X-Forwarded-For: take the client's address from it. */
  TRUST_PROXY: flag('false'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** `smtp://user:pass@host:587` or `smtps://…`: deliver mail through it. Unset: mail is kept in the outbox. */
  SMTP_URL: optional(z.string()),
  /** Sender of every message, as `Name <address>`. */
  MAIL_FROM: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().default('Gymbase <no-reply@gymbase.localhost>'),
  ),
  /**
   * Sentry's DSN (ADR 039): errors and sampled traces of the server and the browser go to it, scrubbed
   * of personal data. A DSN is public by design (it only lets one send events), so the page gets it.
   * Unset: no Sentry code runs, on either side.
   */
  SENTRY_DSN: optional(z.url()),
  /** Run the job workers (mail delivery, …) inside the server process; `false` when `npm run worker` runs them. */
  RUN_WORKERS: flag('true'),
  /**
   * Browser tests only (playwright.config.ts): `/api/…/test-support/…` routes that make data no screen
   * makes on the sandboxes (a failed provider event to reprocess). Never set in a deployment.
   */
  TEST_SUPPORT_ROUTES: flag('false'),
})

export type ServerEnv = z.infer<typeof schema>

let cached: ServerEnv | undefined

export function getEnv(): ServerEnv {
  if (!cached) {
    const parsed = schema.safeParse(process.env)
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`)
    }
    cached = parsed.data
  }
  return cached
}

/** For tests that change process.env between cases. */
export function resetEnvCache() {
  cached = undefined
}
