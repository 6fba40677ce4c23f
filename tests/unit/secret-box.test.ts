import { describe, expect, it } from 'vitest'
import { parseDataKey } from '~/server/providers/provider-config.server'
import { createSecretBox, SecretBoxError } from '~/server/secret-box.server'
import { TEST_DATA_KEY } from '../mocks/data-key'

describe('the secret box (ADR 043)', () => {
  const box = createSecretBox(TEST_DATA_KEY)

  it('seals a secret so the stored value holds none of it, and opens it again', () => {
    const token = 'user_token_ck1234567890abcdef'
    const sealed = box.seal(token)
    expect(sealed).toMatch(/^sealed:v1:[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain(token)
    expect(box.open(sealed)).toBe(token)
    // A fresh nonce each time: the same secret never seals to the same text.
    expect(box.seal(token)).not.toBe(sealed)
  })

  it('refuses a changed value or another key rather than answer a wrong secret', () => {
    const sealed = box.seal('kisi_org_key_0123456789')
    const [prefix, rest = ''] = sealed.split('sealed:v1:')
    const parts = rest.split('.')
    const flipped = `${parts[2]?.startsWith('A') ? 'B' : 'A'}${parts[2]?.slice(1)}`
    expect(() => box.open(`${prefix}sealed:v1:${parts[0]}.${parts[1]}.${flipped}`)).toThrow(SecretBoxError)
    const other = createSecretBox(Buffer.alloc(32, 9).toString('base64'))
    expect(() => other.open(sealed)).toThrow('does not open with this DATA_ENCRYPTION_KEY')
    expect(() => box.open('sealed:v1:only-one-part')).toThrow('damaged')
  })

  it('answers a value stored before sealing as it is, and takes only 32-byte keys', () => {
    expect(box.open('token_saved_before_sealing')).toBe('token_saved_before_sealing')
    expect(parseDataKey(TEST_DATA_KEY)).toHaveLength(32)
    expect(parseDataKey('c2hvcnQ=')).toBeNull()
    expect(parseDataKey(`${TEST_DATA_KEY}!`)).toBeNull()
    expect(() => createSecretBox('not a key')).toThrow(SecretBoxError)
  })
})
