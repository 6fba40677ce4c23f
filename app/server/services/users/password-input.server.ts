import { z } from '~/lib/validation'
import { hashPassword } from '~/server/auth/password.server'
import { validationError } from '../service-input.server'

/**
 * Either a password to hash or a hash made earlier by `hashPassword`. The hash form exists for bulk
 * creation (the demo seed): argon2id is deliberately slow, so one hash is shared by many demo sign-ins.
 */
export const passwordInputSchema = {
  password: z.string().min(8, 'The password must be at least 8 characters.').max(200).optional(),
  passwordHash: z.string().startsWith('$argon2id$', 'The password hash must be an argon2id hash.').optional(),
}

export async function resolvePasswordHash(input: {
  password?: string | undefined
  passwordHash?: string | undefined
}): Promise<string | null> {
  if (input.password !== undefined && input.passwordHash !== undefined) {
    throw validationError('password', 'Give a password or a password hash, not both.')
  }
  if (input.passwordHash !== undefined) return input.passwordHash
  if (input.password !== undefined) return hashPassword(input.password)
  return null
}
