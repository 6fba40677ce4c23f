import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '~/server/auth/password.server'

describe('password hashing', () => {
  it('hashes with argon2id at m = 19456 KiB, t = 2, p = 1 and verifies', async () => {
    const hash = await hashPassword('correct horse battery staple')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'correct horse battery staple')).toBe(true)
    expect(await verifyPassword(hash, 'Correct horse battery staple')).toBe(false)
  })

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('rejects instead of throwing when the stored hash is not a hash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
    expect(await verifyPassword('', '')).toBe(false)
  })
})
