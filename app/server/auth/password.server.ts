import { hash, verify } from '@node-rs/argon2'

/**
 * OWASP's argon2id baseline (m = 19 MiB, t = 2, p = 1), also DESIGN §7's floor. The parameters are
 * stored inside each hash, so raising them later still verifies old hashes.
 */
const options = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  // 2 is Argon2id. The package's `Algorithm` is an ambient const enum, which `isolatedModules` forbids
  // reading, so the value is written out; the tests check the `$argon2id$` prefix of a hash.
  algorithm: 2,
} as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

/** False for a wrong password and for anything that is not an argon2 hash (e.g. a corrupted column). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
