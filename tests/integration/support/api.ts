import { createApi } from '~/server/api/app'
import type { TestDatabaseContext } from './database'

/**
 * The real API over a test database, called the way a browser would: JSON, `X-Requested-With`,
 * a host of one of our sites.
 */
export function createTestApi(database: TestDatabaseContext) {
  const api = createApi({
    database: async () => ({ db: database.db, driver: database.driver, close: async () => {} }),
  })
  return {
    api,
    request(
      method: string,
      path: string,
      options: { body?: unknown; headers?: Record<string, string> } = {},
    ) {
      const headers = new Headers({
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Origin: 'http://console.localhost:3000',
        ...options.headers,
      })
      let body: string | undefined
      if (options.body !== undefined) {
        headers.set('Content-Type', 'application/json')
        body = JSON.stringify(options.body)
      }
      return api.fetch(new Request(`http://console.localhost:3000/api${path}`, { method, headers, body }))
    },
  }
}
