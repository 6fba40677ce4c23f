/** Where the API is served: every route object's path is under it (app/server/api/app.ts). */
export const API_BASE_PATH = '/api'

/** `/offerings/{id}` with `{ id: 7 }` → `/offerings/7`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** A route object's address as a browser asks for it: the API's base path and the parameters written in. */
export function apiAddress(route: { path: string }, params: Record<string, unknown>): string {
  return `${API_BASE_PATH}${fillPath(route.path, params)}`
}
