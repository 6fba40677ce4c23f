import type { Db } from '~/db/client.server'
import { z } from '~/lib/validation'
import { assertEmailAvailable } from './assert-email-available.server'
import { passwordInputSchema, resolvePasswordHash } from './password-input.server'

/**
 * What every new user, member or staff, is created with: a name, a sign-in address (lower-cased: sign-in
 * and the per-organisation uniqueness ignore case, and one spelling is simpler) and a password.
 */
export const newUserInputSchema = {
  name: z.string().trim().min(1).max(120),
  email: z
    .string()
    .trim()
    .pipe(z.email())
    .transform((email) => email.toLowerCase()),
  ...passwordInputSchema,
}

/** The new user's sign-in columns, once their address is known to be free in the organisation. */
export async function newUserColumns(options: {
  db: Db
  now: Date
  input: {
    organisationId: number
    name: string
    email: string
    emailVerified: boolean
    password?: string | undefined
    passwordHash?: string | undefined
  }
}) {
  const { db, input } = options
  await assertEmailAvailable({ db, organisationId: input.organisationId, email: input.email })
  return {
    organisationId: input.organisationId,
    name: input.name,
    email: input.email,
    passwordHash: await resolvePasswordHash(input),
    emailVerifiedAt: input.emailVerified ? options.now : null,
  }
}
