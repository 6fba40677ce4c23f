import { describe, expect, it } from 'vitest'
import { paginate } from '~/contracts/api/envelope'
import { summariseFieldErrors } from '~/lib/errors'
import { messages, z } from '~/lib/validation'

describe('the generic validation messages of SPEC §5', () => {
  const schema = z.object({ name: z.string().min(1), email: z.email(), days: z.number().max(7) })
  const issues = (input: unknown) =>
    Object.fromEntries(
      schema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [],
    )

  it('says "Value is required" for a missing or empty value', () => {
    expect(issues({ email: 'a@b.nz', days: 1 })).toEqual({ name: messages.required })
    expect(issues({ name: '', email: 'a@b.nz', days: 1 })).toEqual({ name: 'Value is required' })
    expect(issues({ name: 'A', email: null, days: 1 })).toEqual({ email: 'Value is required' })
  })

  it('says an address is not valid, and names the maximum', () => {
    expect(issues({ name: 'A', email: 'not-an-address', days: 9 })).toEqual({
      email: 'Value is not a valid email address',
      days: 'The maximum value allowed is 7',
    })
  })

  it("summarises field errors the way Laravel's 422 message does", () => {
    expect(summariseFieldErrors({ name: ['Value is required'] })).toBe('Value is required')
    expect(summariseFieldErrors({ name: ['Value is required'], type: ['Value is required'] })).toBe(
      'Value is required (and 1 more error)',
    )
    expect(summariseFieldErrors({ a: ['x', 'y'], b: ['z'] })).toBe('x (and 2 more errors)')
  })
})

describe('paginated envelope', () => {
  it('gives links and meta like Laravel, keeping the other query values', () => {
    const page = paginate({
      rows: ['c', 'd'],
      total: 5,
      page: 2,
      perPage: 2,
      url: 'http://x/api/members?search=ar&page=2',
    })
    expect(page.meta).toEqual({ current_page: 2, from: 3, to: 4, last_page: 3, per_page: 2, total: 5 })
    expect(page.links).toEqual({
      first: '/api/members?search=ar&page=1',
      last: '/api/members?search=ar&page=3',
      prev: '/api/members?search=ar&page=1',
      next: '/api/members?search=ar&page=3',
    })
  })

  it('has an empty page with no from and to', () => {
    const page = paginate({ rows: [], total: 0, page: 1, perPage: 25, url: 'http://x/api/payments' })
    expect(page.meta).toMatchObject({ from: null, to: null, last_page: 1, total: 0 })
    expect(page.links.next).toBeNull()
  })
})
