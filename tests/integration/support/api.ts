import { desc, eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { mailOutbox } from '~/db/schema'
import { createApi } from '~/server/api/app'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import { createMemoryStorage } from '~/server/storage/file-storage.server'
import type { TestDatabaseContext } from './database'

export const consoleOrigin = 'http://console.localhost:3000'
export const joinOrigin = 'http://join.localhost:3000'

interface RequestOptions {
  body?: unknown
  /** Sent as it is, with whatever Content-Type `headers` give (none unless they do). */
  rawBody?: string | FormData | URLSearchParams
  headers?: Record<string, string>
}

/**
 * The real API over a test database, called the way a browser would: JSON, `X-Requested-With`, an
 * Origin of one of our sites, and a cookie jar per browser. The clock can be moved.
 */
export function createTestApi(
  database: TestDatabaseContext,
  options: { now?: () => Date; doors?: (db: Db) => DoorProviders } = {},
) {
  let clockNow = options.now
  const storage = createMemoryStorage()
  const doors = options.doors
  const api = createApi({
    database: async () => ({ db: database.db, driver: database.driver, close: async () => {} }),
    clock: () => clockNow?.() ?? new Date(),
    // Uploads stay in this API's memory: nothing written under the developer's DATA_DIR.
    storage: () => storage,
    ...(doors ? { doors: (handle: { db: Db }) => doors(handle.db) } : {}),
  })

  function browser(browserOptions: { origin?: string; ip?: string } = {}) {
    const jar = new Map<string, string>()
    const origin = browserOptions.origin ?? consoleOrigin
    async function request(method: string, path: string, requestOptions: RequestOptions = {}) {
      const headers = new Headers({
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Origin: origin,
        'X-Gymbase-Client-Ip': browserOptions.ip ?? '198.51.100.7',
        ...requestOptions.headers,
      })
      if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
      let body: string | FormData | URLSearchParams | undefined = requestOptions.rawBody
      if (requestOptions.body !== undefined) {
        headers.set('Content-Type', 'application/json')
        body = JSON.stringify(requestOptions.body)
      }
      const response = await api.fetch(new Request(`${origin}/api${path}`, { method, headers, body }))
      for (const cookie of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim())
        const [name = '', value = ''] = pair.split('=')
        const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute)) || value === ''
        if (expired) jar.delete(name)
        else jar.set(name, value)
      }
      return response
    }
    return {
      jar,
      request,
      get: (path: string, requestOptions?: RequestOptions) => request('GET', path, requestOptions),
      post: (path: string, body?: unknown, requestOptions?: RequestOptions) =>
        request('POST', path, { ...requestOptions, body }),
    }
  }

  return {
    api,
    /** The uploads this API kept. */
    storage,
    browser,
    setNow(now: Date) {
      clockNow = () => now
    },
    /** The newest e-mail to an address, as the outbox holds it. */
    async latestMail(to: string) {
      const [mail] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.id))
        .limit(1)
      if (!mail) throw new Error(`No mail to ${to}`)
      return mail
    },
    async latestCode(to: string) {
      const mail = await this.latestMail(to)
      const code = mail.text.match(/\b(\d{6})\b/)?.[1]
      if (!code) throw new Error(`No code in the mail to ${to}`)
      return code
    },
    /** Back-compatible single request with a fresh browser. */
    request(method: string, path: string, requestOptions: RequestOptions = {}) {
      return browser().request(method, path, requestOptions)
    },
  }
}

export type TestApi = ReturnType<typeof createTestApi>
