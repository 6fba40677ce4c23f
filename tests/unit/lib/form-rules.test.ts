import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fieldErrorsOf } from '~/components/form/field-errors'
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  closureRequestBodySchema,
  contactDetailsRequestSchema,
} from '~/contracts/account-details'
import { selfPauseRequestSchema } from '~/contracts/account-membership'
import {
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  verifyCodeRequestSchema,
} from '~/contracts/auth'
import { confidenceAndExperienceOptions, hearAboutUsOptions } from '~/contracts/enums'
import { registerFieldsRequestSchema } from '~/contracts/join'
import {
  changeEmailProblems,
  changePasswordProblems,
  closureProblems,
  contactDetailsProblems,
} from '~/features/account/details-rules'
import { pauseProblems } from '~/features/account/membership-rules'
import {
  codeProblems,
  forgotPasswordProblems,
  loginProblems,
  newPasswordProblems,
  registerProblems,
} from '~/features/auth/form-rules'
import { aboutYouProblems } from '~/features/join/about-you-rules'
import type { FormProblems } from '~/lib/form-rules'
import { todayInAuckland } from '~/lib/today'

/**
 * The join site's forms check in the browser with plain rules (`form-rules.ts`, ADR 044) and the server
 * parses with the zod schemas. For every input a form can hold, both must give each field the same
 * first message (or none): the schema's first issue per field, as the console's forms show it.
 */
const runs = { numRuns: 3000 }

function schemaMessages(schema: {
  safeParse: (
    value: unknown,
  ) => { success: true } | { success: false; error: Parameters<typeof fieldErrorsOf>[0] }
}) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values)
    return result.success ? {} : fieldErrorsOf(result.error)
  }
}

function expectSameMessages<Values>(
  values: fc.Arbitrary<Values>,
  rules: (values: Values) => FormProblems,
  schema: Parameters<typeof schemaMessages>[0],
) {
  const server = schemaMessages(schema)
  fc.assert(
    fc.property(values, (input) => {
      expect(rules(input) ?? {}).toEqual(server(input))
    }),
    runs,
  )
}

/** Text a person might type: empty, blanks around, long enough to pass a limit, any character. */
function typed(pieces: fc.Arbitrary<string>[] = []): fc.Arbitrary<string> {
  const blanks = fc.constantFrom('', ' ', '  ', '\t', '\u00a0')
  const any = fc.string({ maxLength: 12, unit: 'grapheme' })
  return fc.oneof(
    fc.constant(''),
    blanks,
    any,
    fc.tuple(blanks, fc.oneof(any, ...pieces), blanks).map(([before, text, after]) => before + text + after),
    fc
      .tuple(fc.constantFrom('a', 'é', ' ', '1'), fc.integer({ min: 55, max: 1030 }))
      .map(([unit, count]) => unit.repeat(count)),
    ...pieces,
  )
}

const emails = typed([
  fc.emailAddress(),
  fc.emailAddress().map((email) => email.replace('@', '')),
  fc.emailAddress().map((email) => email.replace(/\.[a-z]+$/i, '')),
  fc.emailAddress().map((email) => `${email}.`),
  fc.emailAddress().map((email) => `.${email}`),
  fc.emailAddress().map((email) => email.replace('@', '@@')),
  fc.constantFrom('a@b.co', 'a..b@c.nz', 'a@b', "o'neil@x.nz", 'a@-b.nz', 'a+b@x.io', 'a@b.c'),
  fc.integer({ min: 240, max: 260 }).map((length) => `${'a'.repeat(length - 7)}@ex.com`),
])

const passwords = typed([
  fc.string({ minLength: 6, maxLength: 10 }),
  fc.integer({ min: 120, max: 135 }).map((length) => 'p'.repeat(length)),
])

const phones = typed([
  fc.stringMatching(/^\+?[0-9][0-9 ()-]{3,21}$/),
  fc.constantFrom('021 123 4567', '+64 21 123 456', '(09) 555-1234', '12345', 'abc123456'),
])

const days = fc.oneof(
  fc.constant(''),
  fc
    .tuple(
      fc.integer({ min: 1850, max: 2100 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
    )
    .map(
      ([year, month, day]) =>
        `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    ),
  fc.constantFrom('1899-12-31', '1900-01-01', '2000-02-29', '1900-02-29', '2001-02-29', todayInAuckland()),
  fc.string({ maxLength: 10 }),
)

describe('the join forms’ browser rules say what the server’s schemas say', () => {
  it('sign-in', () => {
    expectSameMessages(
      fc.record({ email: emails, password: typed([fc.constant('p'.repeat(1025))]) }),
      loginProblems,
      loginRequestSchema,
    )
  })

  it('forgotten password', () => {
    expectSameMessages(fc.record({ email: emails }), forgotPasswordProblems, forgotPasswordRequestSchema)
  })

  it('the e-mailed code', () => {
    expectSameMessages(
      fc.record({
        code: typed([fc.stringMatching(/^\d{5,7}$/), fc.constantFrom('123456', ' 123456 ', '12 3456')]),
        remember: fc.boolean(),
      }),
      codeProblems,
      verifyCodeRequestSchema,
    )
  })

  it('a new password (reset, invitation, finishing joining)', () => {
    expectSameMessages(
      fc
        .record({
          token: typed([fc.constant('t'.repeat(201))]),
          email: emails,
          password: passwords,
          password_confirmation: passwords,
          same: fc.boolean(),
        })
        .map(({ same, ...values }) =>
          same ? { ...values, password_confirmation: values.password } : values,
        ),
      newPasswordProblems,
      resetPasswordRequestSchema,
    )
  })

  it('sign-up', () => {
    expectSameMessages(
      fc.record({
        gym: fc.oneof(fc.uuid(), fc.constantFrom('', 'not-a-gym', '00000000-0000-0000-0000-000000000000')),
        name: typed([fc.integer({ min: 118, max: 123 }).map((length) => 'n'.repeat(length))]),
        email: emails,
        mobile_number: phones,
        dob: days,
        password: passwords,
      }),
      registerProblems,
      registerRequestSchema,
    )
  })

  it('about you', () => {
    const upTo = (max: number) =>
      typed([fc.integer({ min: max - 2, max: max + 2 }).map((length) => 'x'.repeat(length))])
    expectSameMessages(
      fc.record({
        address: upTo(200),
        suburb: upTo(100),
        city: upTo(100),
        post_code: typed([fc.stringMatching(/^\d{3,5}$/), fc.constantFrom(' 1010 ', '10a0')]),
        emergency_contact_name: upTo(120),
        emergency_contact_relationship: upTo(60),
        emergency_contact_mobile_number: phones,
        emergency_contact_email: emails,
        confidence_and_experience: fc.subarray([...confidenceAndExperienceOptions]),
        hear_about_us: fc.subarray([...hearAboutUsOptions]),
        hear_about_us_other: upTo(200),
        email_notifications_enabled: fc.boolean(),
        push_notifications_enabled: fc.boolean(),
        payment_reminders: fc.boolean(),
      }),
      aboutYouProblems,
      registerFieldsRequestSchema,
    )
  })

  it('the member’s pause (its two days)', () => {
    expectSameMessages(
      fc.record({ start_date: days, end_date: days }),
      pauseProblems,
      selfPauseRequestSchema.pick({ start_date: true, end_date: true }),
    )
  })

  it('the account’s contact details (issue 28)', () => {
    const upTo = (max: number) =>
      typed([fc.integer({ min: max - 2, max: max + 2 }).map((length) => 'x'.repeat(length))])
    expectSameMessages(
      fc.record({
        mobile_number: phones,
        address: upTo(200),
        suburb: upTo(100),
        city: upTo(100),
        post_code: typed([fc.stringMatching(/^\d{3,5}$/), fc.constantFrom(' 1010 ', '10a0')]),
        emergency_contact_name: upTo(120),
        emergency_contact_relationship: upTo(60),
        emergency_contact_mobile_number: phones,
        emergency_contact_email: emails,
      }),
      contactDetailsProblems,
      contactDetailsRequestSchema,
    )
  })

  it('the account’s new e-mail address', () => {
    expectSameMessages(
      fc.record({ email: emails, password: typed([fc.constant('p'.repeat(1025))]) }),
      changeEmailProblems,
      changeEmailRequestSchema,
    )
  })

  it('the account’s new password', () => {
    expectSameMessages(
      fc
        .record({
          current_password: typed([fc.constant('p'.repeat(1025))]),
          password: passwords,
          password_confirmation: passwords,
          same: fc.boolean(),
        })
        .map(({ same, ...values }) =>
          same ? { ...values, password_confirmation: values.password } : values,
        ),
      changePasswordProblems,
      changePasswordRequestSchema,
    )
  })

  it('the account’s closure request', () => {
    expectSameMessages(
      fc.record({ reason: typed([fc.integer({ min: 998, max: 1002 }).map((length) => 'r'.repeat(length))]) }),
      closureProblems,
      closureRequestBodySchema,
    )
  })
})
