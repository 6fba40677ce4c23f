import { describe, expect, it } from 'vitest'
import { messages, moneyInCents, z } from '~/lib/validation'

/** The one message a schema gives for `input` (the first, as a form shows it). */
function messageOf(schema: z.ZodType, input: unknown): string | undefined {
  return schema.safeParse(input).error?.issues[0]?.message
}

describe('validation messages people read', () => {
  it('says "Value is required" for anything missing or left empty', () => {
    expect(messageOf(z.string(), undefined)).toBe('Value is required')
    expect(messageOf(z.number(), null)).toBe('Value is required')
    expect(messageOf(z.string().min(1), '')).toBe('Value is required')
    expect(messageOf(z.string().trim().min(1), '   ')).toBe('Value is required')
    expect(messageOf(z.enum(['day', 'week']), '')).toBe('Value is required')
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Value is required')
    expect(messageOf(z.object({ a: z.string() }), {})).toBe('Value is required')
  })

  it('names the limit of a number in SPEC §5’s words', () => {
    expect(messageOf(z.int().max(120), 121)).toBe('The maximum value allowed is 120')
    expect(messageOf(z.number().max(100_000), 100_001)).toBe('The maximum value allowed is 100,000')
    expect(messageOf(z.int().min(0), -5)).toBe('The minimum value allowed is 0')
    expect(messageOf(z.number().positive(), 0)).toBe('The value must be more than 0')
    expect(messageOf(z.number().lt(10), 10)).toBe('The value must be less than 10')
    expect(messageOf(z.bigint().max(5n), 6n)).toBe('The maximum value allowed is 5')
    expect(messageOf(z.number().multipleOf(5), 7)).toBe('The value must be a multiple of 5')
  })

  it('names the length of text in characters', () => {
    expect(messageOf(z.string().max(120), 'x'.repeat(121))).toBe('The maximum length is 120 characters')
    expect(messageOf(z.string().min(20), 'bogus')).toBe('The minimum length is 20 characters')
    expect(messageOf(z.string().max(1), 'ab')).toBe('The maximum length is 1 character')
    expect(messageOf(z.string().length(4), '123')).toBe('The length must be exactly 4 characters')
  })

  it('names a date limit as people write dates', () => {
    const march = new Date('2026-03-03T00:00:00Z')
    expect(messageOf(z.date().max(march), new Date('2027-01-01'))).toBe(
      'The latest date allowed is 3 Mar 2026',
    )
    expect(messageOf(z.date().min(march), new Date('2020-01-01'))).toBe(
      'The earliest date allowed is 3 Mar 2026',
    )
  })

  it('counts the items of a list', () => {
    expect(messageOf(z.array(z.number()).max(2), [1, 2, 3])).toBe('No more than 2 items are allowed')
    expect(messageOf(z.array(z.number()).max(1), [1, 2])).toBe('No more than 1 item is allowed')
    expect(messageOf(z.array(z.number()).min(3), [1])).toBe('At least 3 items are needed')
  })

  it('says which kind of value a format wanted', () => {
    expect(messageOf(z.email(), 'not-an-address')).toBe('Value is not a valid email address')
    expect(messageOf(z.iso.date(), '2026-02-30x')).toBe('Value is not a valid date')
    expect(messageOf(z.iso.datetime(), 'yesterday')).toBe('Value is not a valid date and time')
    expect(messageOf(z.iso.time(), '25:99')).toBe('Value is not a valid time')
    expect(messageOf(z.uuid(), 'abc')).toBe('Value is not a valid identifier')
    expect(messageOf(z.url(), 'nowhere')).toBe('Value is not a valid web address')
    expect(messageOf(z.string().regex(/^\d+$/), 'abc')).toBe('Value is not in the right format')
    expect(messageOf(z.string().startsWith('+64'), '021')).toBe('Value must start with +64')
    // A schema's own words win over the generic ones.
    expect(messageOf(z.string().regex(/^\d{4}$/, 'Value is not a valid post code'), '12')).toBe(
      'Value is not a valid post code',
    )
  })

  it('says what type a value should have been', () => {
    expect(messageOf(z.number(), 'abc')).toBe('Value is not a valid number')
    expect(messageOf(z.number(), Number.NaN)).toBe('Value is not a valid number')
    expect(messageOf(z.int(), 2.5)).toBe('Value must be a whole number')
    expect(messageOf(z.string(), 12)).toBe('Value must be text')
    expect(messageOf(z.boolean(), 'yes')).toBe('Value must be true or false')
    expect(messageOf(z.array(z.string()), 'a')).toBe('Value must be a list')
    expect(messageOf(z.date(), 'soon')).toBe('Value is not a valid date')
  })

  it('lists the choices of an enum or literal', () => {
    expect(messageOf(z.enum(['day', 'week', 'month']), 'year')).toBe('Value must be one of: day, week, month')
    expect(messageOf(z.literal('name'), 'other')).toBe('Value must be name')
  })

  it('says a refinement, an unknown field or a union failed, without zod’s own words', () => {
    expect(
      messageOf(
        z.string().refine((value) => value === 'a'),
        'b',
      ),
    ).toBe('Value is not valid')
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toBe(
      'These fields are not allowed: b, c',
    )
    expect(messageOf(z.union([z.number(), z.boolean()]), 'x')).toBe('Value is not valid')
  })

  it('says money limits in dollars', () => {
    const amount = moneyInCents({ max: 100_000_000 })
    expect(messageOf(amount, 100_000_001)).toBe('The maximum value allowed is $1,000,000.00')
    expect(messageOf(amount, -2_500)).toBe('The minimum value allowed is $0.00')
    expect(messageOf(amount, undefined)).toBe(messages.required)
    expect(messageOf(amount, 12.5)).toBe('Value must be a whole number')
    // Past JavaScript's largest whole number: the field's own limit, once, not two messages.
    const past = amount.safeParse(2 ** 53 + 2)
    expect(past.error?.issues.map((issue) => issue.message)).toEqual([
      'The maximum value allowed is $1,000,000.00',
    ])
  })

  it('never answers with zod’s own English', () => {
    const probes: Array<[z.ZodType, unknown]> = [
      [z.string().max(3), 'abcd'],
      [z.number().min(1), 0],
      [z.email(), 'x'],
      [z.iso.date(), 'x'],
      [z.enum(['a']), 'b'],
      [z.number(), 'x'],
      [z.object({ a: z.number() }), { a: 'x' }],
      [z.tuple([z.string()]), [1, 2]],
      [z.record(z.string().max(1), z.number()), { ab: 1 }],
      [z.map(z.string(), z.number()), new Map([['a', 'b']])],
      [z.set(z.number()), new Set(['a'])],
    ]
    for (const [schema, input] of probes) {
      const message = messageOf(schema, input) ?? ''
      expect(message).not.toMatch(/Too (big|small)|Invalid|expected|received|[<>]=?/)
      expect(message).not.toBe('')
    }
  })
})
