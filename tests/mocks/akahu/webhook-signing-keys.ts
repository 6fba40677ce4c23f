import { generateKeyPairSync, sign } from 'node:crypto'
import { HttpResponse, http } from 'msw'

/**
 * Akahu's webhook signing keys (PROVIDERS.md §2): `GET /v1/keys/{id}` answers the PEM public key as
 * `{ success: true, item }`, and a webhook is signed RSA-SHA256 over its raw body, base64, with the key
 * named in `X-Akahu-Signing-Key`. An unknown id is Akahu's 404 `{ success: false, message }`.
 */
export function createAkahuSigningKeys(options: { apiBase?: string } = {}) {
  const base = options.apiBase ?? 'https://api.akahu.io'
  const keys = new Map<number, { publicKey: string; privateKey: string }>()
  let fetches = 0

  function addKey(id: number) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    })
    keys.set(id, pair)
  }

  return {
    addKey,
    /** How many times the public key was fetched (the SDK caches it). */
    fetches: () => fetches,
    /** The headers Akahu sends with a body signed by key `id`. */
    sign(id: number, body: string): Record<string, string> {
      const key = keys.get(id)
      if (!key) throw new Error(`No Akahu signing key ${id}`)
      return {
        'X-Akahu-Signature': sign('sha256', Buffer.from(body), key.privateKey).toString('base64'),
        'X-Akahu-Signing-Key': String(id),
      }
    },
    handlers: [
      http.get(`${base}/v1/keys/:id`, ({ params }) => {
        fetches += 1
        const key = keys.get(Number(params.id))
        if (!key) return HttpResponse.json({ success: false, message: 'Key not found' }, { status: 404 })
        return HttpResponse.json({ success: true, item: key.publicKey })
      }),
    ],
  }
}
