/**
 * A route object's address (app/contracts/api/*.routes.ts), for the server's API client and the browser
 * alike: nothing here may import server code. The route object is the only place a path is written
 * (docs/architecture.md, rule 1).
 */

/** Where the API is served, on the site's own origin. */
export const API_ROOT = '/api'

/** `/offerings/{id}` with `{ id: 7 }` → `/offerings/7`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * The address the browser calls a route at (`memberRoutes.export` → `/api/members/export`), its
 * parameters written into the path and its query into the address.
 */
export function apiUrl(
  route: { path: string },
  input: {
    params?: Record<string, unknown>
    query?: Record<string, string | number | boolean | null | undefined>
  } = {},
): string {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined && value !== null) query.set(key, String(value))
  }
  const search = query.size > 0 ? `?${query}` : ''
  return `${API_ROOT}${fillPath(route.path, input.params)}${search}`
}
