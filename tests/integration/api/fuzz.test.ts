import fc from 'fast-check'
import { beforeAll, expect, it } from 'vitest'
import { z } from '~/lib/validation'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { signInStaff, type TestBrowser } from '../support/sign-in'

/**
 * Issue 12, point 4: malformed input is a 4xx in words, never a 5xx. The operations come from the
 * API's own `/api/openapi.json`, so an endpoint added later is fuzzed without touching this file.
 * `FUZZ_SEED` replays a run; `FUZZ_RUNS` sets the cases per operation and caller.
 */

const now = new Date('2026-03-10T01:00:00Z')
const seed = Number(process.env.FUZZ_SEED ?? 20261124)
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 30)

/** A validator's English, raw JSON or Hono's wording: none of it may reach a person. */
const rawWords =
  /Too (big|small)|expected (string|number|object|array|boolean)|"code":|Invalid input|Unsupported Media Type|Malformed JSON|ZodError|SyntaxError/

const openApiSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
})

interface Operation {
  method: string
  path: string
}

/** Signing in and out changes the caller's session: those run signed out only. */
const sessionChanging = new Set([
  'POST /login',
  'POST /logout',
  'POST /email/verify',
  'POST /set-password',
  'POST /reset-password',
  'POST /register',
])

const junkSegment = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  'abc',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999999',
  '1e309',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%2F..%2F',
  ' ',
  'null',
  'x'.repeat(300),
  'Ā😀',
  // ISO's year 0000: well-formed, refused by PostgreSQL with an error.
  '0000-01-01',
)

const junkScalar = fc.oneof(
  fc.constantFrom(
    null,
    true,
    -1,
    0,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER + 1,
    1e308,
    -1e308,
    0.5,
    '',
    'a\u0000b',
    '\u0000',
    'x'.repeat(100_000),
    '2026-02-31',
    '9999-99-99',
    '0000-01-01',
    // Half of a surrogate pair: JSON carries it, PostgreSQL's jsonb refuses it with an error.
    '\ud800',
    '<script>alert(1)</script>',
    "'; drop table users; --",
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
)

const junkJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    junkScalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('id', 'name', 'email', 'gym_id', 'user_id', 'price_id', 'gyms', 'amount', 'query'),
        fc.string({ maxLength: 8 }),
      ),
      tie('value'),
      { maxKeys: 6 },
    ),
  ),
})).value

/** A body as a careless or hostile client sends it. */
const junkBody = fc.oneof(
  fc.record({ kind: fc.constant('json' as const), value: junkJson }),
  fc.record({
    kind: fc.constantFrom('text' as const, 'form' as const, 'multipart' as const, 'untyped' as const),
    value: fc.string({ maxLength: 60 }),
  }),
  fc.record({
    kind: fc.constant('broken-json' as const),
    value: fc.constantFrom('{', '{"a":', '[1,', 'nul'),
  }),
)

const junkQuery = fc.dictionary(
  fc.constantFrom(
    'page',
    'per_page',
    'gym_id',
    'search',
    'archived',
    'weeks',
    'amount',
    'payment_type',
    'due_from',
    'from',
    'joined_to',
    'x',
  ),
  fc.oneof(junkSegment, fc.string({ maxLength: 20 })),
  { maxKeys: 4 },
)

describeEachDatabase('every API operation refuses malformed input with a 4xx in words', (database) => {
  const testApi = createTestApi(database, { now: () => now })
  let org: TestOrganisation
  let admin: TestBrowser
  let operations: Operation[] = []

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, now, gymNames: ['Ponsonby', 'Newmarket'] })
    admin = await signInStaff({ database, api: testApi, now, organisation: org, admin: true })
    const document = openApiSchema.parse(await (await testApi.browser().get('/openapi.json')).json())
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      // The document names paths from the site's root (`/api/offerings`); the test browser adds `/api`.
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api(?=\/)/, ''),
      })),
    )
  })

  it('answers no 5xx to any malformed path, query or body, signed in or out', async () => {
    expect(operations.length).toBeGreaterThan(30)
    // The operations really are ours: the document's paths reach handlers, not the 404 of no route.
    expect(operations.some((operation) => operation.path === '/offerings')).toBe(true)
    const statuses = new Map<number, number>()
    const failures: string[] = []
    let requests = 0

    for (const operation of operations) {
      const callers: Array<['signed out' | 'admin', TestBrowser]> = [['signed out', testApi.browser()]]
      if (!sessionChanging.has(`${operation.method} ${operation.path}`)) {
        callers.push(['admin', admin])
      }
      for (const [who, browser] of callers) {
        await fc.assert(
          fc.asyncProperty(
            fc.array(junkSegment, { minLength: 3, maxLength: 3 }),
            junkQuery,
            junkBody,
            fc.boolean(),
            async (segments, query, body, realIds) => {
              let index = 0
              // Half the cases keep the path's ids real-looking, so the body and query get exercised.
              const path = operation.path.replace(/\{[^}]+\}/g, () =>
                realIds ? '1' : (segments[index++] ?? '1'),
              )
              const search = new URLSearchParams(query).toString()
              const url = `${path}${search ? `?${search}` : ''}`
              const options = requestOptions(operation.method, body)
              const response = await browser.request(operation.method, url, options)
              requests += 1
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
              const text = await response.text()
              const described = `${who} ${operation.method} ${url} ${describeBody(body)} → ${response.status} ${text.slice(0, 200)}`
              if (response.status >= 500) failures.push(described)
              if (response.status >= 400 && !plainMessage(text)) failures.push(`not in words: ${described}`)
              return true
            },
          ),
          { numRuns: runsPerOperation, seed, endOnFailure: true },
        )
      }
    }

    console.info(
      `API fuzz: ${operations.length} operations, ${requests} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    )
    expect(failures).toEqual([])
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true)
  }, 300_000) // One test over every operation: its time grows with the API.
})

function requestOptions(method: string, body: JunkBody) {
  if (method === 'GET' || method === 'HEAD') return {}
  switch (body.kind) {
    case 'json':
      return { body: body.value ?? null }
    case 'broken-json':
      return { rawBody: body.value, headers: { 'Content-Type': 'application/json' } }
    case 'text':
      return { rawBody: body.value, headers: { 'Content-Type': 'text/plain' } }
    case 'form':
      return {
        rawBody: new URLSearchParams({ value: body.value }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      }
    case 'multipart': {
      const form = new FormData()
      form.set('value', body.value)
      return { rawBody: form }
    }
    case 'untyped':
      return { rawBody: body.value }
  }
}

type JunkBody =
  | { kind: 'json'; value: unknown }
  | { kind: 'text' | 'form' | 'multipart' | 'untyped' | 'broken-json'; value: string }

function describeBody(body: JunkBody): string {
  const text = body.kind === 'json' ? JSON.stringify(body.value) : body.value
  return `[${body.kind}] ${(text ?? 'undefined').slice(0, 120)}`
}

/** An error answer is JSON with a `message` a person can read. */
function plainMessage(text: string): boolean {
  try {
    const parsed = z.object({ message: z.string().min(1) }).safeParse(JSON.parse(text))
    return parsed.success && !rawWords.test(parsed.data.message)
  } catch {
    return false
  }
}
