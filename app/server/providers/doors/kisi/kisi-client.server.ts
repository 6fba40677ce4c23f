import { DoorProviderError } from '../door-provider'

/** Kisi's API (PROVIDERS.md §3). `KISI_API_BASE` points elsewhere (a local fake). */
export const kisiApiBase = 'https://api.kisi.io'

export interface KisiClientOptions {
  apiKey: string
  apiBase?: string
  /** Per call; Kisi's own client waits 5 s. A door sync is not in a hurry, a hung socket is worse. */
  timeoutMs?: number
  /** A 429 whose `Retry-After` is at most this is waited out and sent again (twice at most). */
  maxRateLimitWaitSeconds?: number
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
}

export type KisiQuery = Record<string, string | number | boolean | undefined>

export interface KisiClient {
  get<T>(path: string, query?: KisiQuery): Promise<T>
  /** Every page of a list (`X-Collection-Range: start-end/count`), 100 a page. */
  list<T>(path: string, query?: KisiQuery): Promise<T[]>
  post<T>(path: string, body: unknown): Promise<T>
  delete(path: string): Promise<void>
}

const pageSize = 100
const maxPages = 50
const maxRateLimitRetries = 2

/**
 * A thin fetch client (the `kisi-client` package is little used and brings axios): JSON in and out,
 * `Authorization: KISI-LOGIN <key>`, a timeout per call, a short `Retry-After` waited out, and every
 * failure a `DoorProviderError` in words an admin reads. The key is only ever put in the header: no
 * message, log line or error carries it, nor the request's body (which holds members' e-mail addresses).
 */
export function createKisiClient(options: KisiClientOptions): KisiClient {
  const base = (options.apiBase ?? kisiApiBase).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxWait = options.maxRateLimitWaitSeconds ?? 5
  const doFetch = options.fetch ?? fetch
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  async function send(method: string, path: string, query?: KisiQuery, body?: unknown): Promise<Response> {
    const url = new URL(`${base}${path}`)
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value))
    }
    for (let attempt = 0; ; attempt += 1) {
      let response: Response
      try {
        response = await doFetch(url, {
          method,
          headers: {
            Authorization: `KISI-LOGIN ${options.apiKey}`,
            Accept: 'application/json',
            'Content-Type': 'application/json',
            'X-Kisi-Integration-Identifier': 'Gymbase',
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        })
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        throw new DoorProviderError(
          'unavailable',
          timedOut
            ? `Kisi did not answer within ${Math.round(timeoutMs / 1000)} s (${method} ${path}). It is tried again shortly.`
            : `Kisi could not be reached (${method} ${path}). It is tried again shortly.`,
        )
      }
      if (response.status === 429) {
        const wait = retryAfterSeconds(response.headers.get('Retry-After'))
        await response.body?.cancel()
        if (attempt < maxRateLimitRetries && wait <= maxWait) {
          await sleep(wait * 1000)
          continue
        }
        throw new DoorProviderError(
          'rate_limited',
          `Kisi is limiting our calls (429); trying again in ${wait} s.`,
          { retryAfterSeconds: wait },
        )
      }
      if (!response.ok) throw await failure(response, method, path)
      return response
    }
  }

  async function json<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T
    const text = await response.text()
    if (text === '') return undefined as T
    try {
      return JSON.parse(text) as T
    } catch {
      throw new DoorProviderError('unavailable', 'Kisi answered with something that is not JSON.')
    }
  }

  return {
    async get<T>(path: string, query?: KisiQuery) {
      return json<T>(await send('GET', path, query))
    },
    async list<T>(path: string, query?: KisiQuery) {
      const all: T[] = []
      for (let page = 0; page < maxPages; page += 1) {
        const response = await send('GET', path, { ...query, limit: pageSize, offset: all.length })
        const rows = await json<T[]>(response)
        if (!Array.isArray(rows))
          throw new DoorProviderError('unavailable', `Kisi answered ${path} with no list.`)
        all.push(...rows)
        const total = collectionCount(response.headers.get('X-Collection-Range'))
        if (rows.length === 0 || rows.length < pageSize || total === null || all.length >= total) return all
      }
      return all
    },
    async post<T>(path: string, body: unknown) {
      return json<T>(await send('POST', path, undefined, body))
    },
    async delete(path: string) {
      const response = await send('DELETE', path)
      await response.body?.cancel()
    },
  }
}

/** `Retry-After` in seconds (or an HTTP date); 1 s when absent or unreadable, 1 hour at most. */
export function retryAfterSeconds(header: string | null, now: Date = new Date()): number {
  if (header === null || header.trim() === '') return 1
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.min(Math.max(Math.ceil(seconds), 0), 3600)
  const date = Date.parse(header)
  if (Number.isNaN(date)) return 1
  return Math.min(Math.max(Math.ceil((date - now.getTime()) / 1000), 0), 3600)
}

/** `0-99/250` → 250. */
function collectionCount(header: string | null): number | null {
  const match = header?.match(/\/(\d+)\s*$/)
  return match ? Number(match[1]) : null
}

export const kisiKeyRefusedMessage =
  'Kisi refused the API key (401): it was revoked, has expired or belongs to someone who is no longer an administrator. Create a new key in Kisi (My Account → API) from the organisation owner’s account and connect Kisi again.'

async function failure(response: Response, method: string, path: string): Promise<DoorProviderError> {
  const said = await kisiMessage(response)
  // The path names ids (a place, a user), never the key or a body; that is what is worth reading.
  const what = `${method} ${path.replace(/\?.*$/, '')}`
  switch (response.status) {
    case 401:
      return new DoorProviderError('unauthorised', kisiKeyRefusedMessage)
    case 403:
      return new DoorProviderError(
        'unauthorised',
        `Kisi refused this (403, ${what}): the API key’s user is not an administrator of the organisation${said ? `: ${said}` : ''}.`,
      )
    case 404:
      return new DoorProviderError(
        'not_found',
        `Kisi has no such record (404, ${what}); it may have been deleted in Kisi.`,
      )
    case 422:
      return new DoorProviderError(
        'invalid',
        `Kisi refused the change (422, ${what})${said ? `: ${said}` : ''}.`,
      )
    default:
      return new DoorProviderError(
        response.status >= 500 ? 'unavailable' : 'invalid',
        `Kisi answered ${response.status} to ${what}${said ? `: ${said}` : ''}. It is tried again shortly.`,
      )
  }
}

/** Kisi's error body: `{ "error": "…" }`, `{ "message": "…" }` or `{ "errors": { field: ["…"] } }`. */
async function kisiMessage(response: Response): Promise<string> {
  let body: unknown
  try {
    body = await response.json()
  } catch {
    return ''
  }
  if (!body || typeof body !== 'object') return ''
  const record = body as Record<string, unknown>
  const parts: string[] = []
  for (const key of ['error', 'message']) {
    if (typeof record[key] === 'string') parts.push(record[key])
  }
  if (record.errors && typeof record.errors === 'object') {
    for (const [field, messages] of Object.entries(record.errors)) {
      const list = Array.isArray(messages) ? messages.filter((m) => typeof m === 'string') : []
      if (list.length > 0) parts.push(`${field} ${list.join(', ')}`)
    }
  }
  // Kisi's words are about the record, but keep them short and free of anything like a key.
  return parts
    .join('; ')
    .replace(/[A-Za-z0-9_-]{32,}/g, '[…]')
    .slice(0, 300)
}
