import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { parseDataKey } from '~/server/providers/provider-config.server'

/**
 * Secrets we must keep to act for someone later, encrypted at rest (ADR 043): a member's Akahu user
 * token (it lets us pay from their account) and an organisation's own Kisi API key. AES-256-GCM from
 * Node's crypto with `DATA_ENCRYPTION_KEY` (32 random bytes, base64); each value gets its own random
 * 12-byte nonce, and the tag makes a changed value fail to open rather than open wrong. Sealed values
 * read `sealed:v1:<nonce>.<tag>.<ciphertext>` (base64url), so a database copy holds no usable secret.
 * Only the adapter that uses a secret opens it; everything above the provider interfaces carries it sealed.
 */
export interface SecretBox {
  seal(plain: string): string
  /** A value stored before sealing began (not `sealed:v1:`) is answered as it is. */
  open(stored: string): string
}

const PREFIX = 'sealed:v1:'

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError'
}

export function createSecretBox(base64Key: string): SecretBox {
  const key = parseDataKey(base64Key)
  if (!key) throw new SecretBoxError('The data encryption key is not 32 bytes of base64')
  return {
    seal(plain) {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      const parts = [nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url'))
      return `${PREFIX}${parts.join('.')}`
    },
    open(stored) {
      if (!stored.startsWith(PREFIX)) return stored
      const [nonce, tag, sealed] = stored
        .slice(PREFIX.length)
        .split('.')
        .map((part) => Buffer.from(part, 'base64url'))
      if (!nonce || !tag || !sealed || nonce.length !== 12 || tag.length !== 16)
        throw new SecretBoxError('A sealed value is damaged')
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce)
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8')
      } catch {
        // Another key (DATA_ENCRYPTION_KEY changed) or a changed value: never a wrong secret.
        throw new SecretBoxError('A sealed value does not open with this DATA_ENCRYPTION_KEY')
      }
    },
  }
}
