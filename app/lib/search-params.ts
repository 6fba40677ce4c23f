/**
 * Typed search params for route definitions. Route definitions load with every page (the join site's
 * included), so their readers are a few plain functions rather than a schema library: the join pages'
 * 150 kB script budget (issue 14, ADR 024) has no room for one on every page.
 *
 * The router has already parsed the query string (`?page=3` arrives as the number 3, `?archived=true` as
 * `true`). Each reader takes that value and returns it when it is one the param accepts, otherwise
 * `undefined`: a hand-edited or stale link falls back to the screen's default view instead of failing.
 */
export type SearchParam<Value> = (raw: unknown) => Value | undefined

type SearchOf<Shape extends Record<string, SearchParam<unknown>>> = {
  [Key in keyof Shape]?: Shape[Key] extends SearchParam<infer Value> ? Value : never
}

/** A route's `validateSearch`: each param read by its reader; those left `undefined` are left out. */
export function searchParams<Shape extends Record<string, SearchParam<unknown>>>(shape: Shape) {
  return (search: Record<string, unknown>): SearchOf<Shape> => {
    const read: Record<string, unknown> = {}
    for (const [key, param] of Object.entries(shape)) {
      const value = param(search[key])
      if (value !== undefined) read[key] = value
    }
    return read as SearchOf<Shape>
  }
}

/** Text up to `max` characters. A value the router read as a number (`?token=123456`) is text again. */
export function text(options: { max?: number } = {}): SearchParam<string> {
  const max = options.max ?? 1000
  return (raw) => {
    const value = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw
    return typeof value === 'string' && value.length <= max ? value : undefined
  }
}

/** A whole number from `min` to `max`. */
export function integer(options: { min?: number; max?: number } = {}): SearchParam<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER
  const max = options.max ?? Number.MAX_SAFE_INTEGER
  return (raw) =>
    Number.isSafeInteger(raw) && Number(raw) >= min && Number(raw) <= max ? Number(raw) : undefined
}

/** `true` or `false`, parsed or still text. */
export function yesNo(): SearchParam<boolean> {
  return (raw) => {
    if (raw === true || raw === 'true') return true
    if (raw === false || raw === 'false') return false
    return undefined
  }
}

/** One of a fixed list of words. */
export function oneOf<const Values extends readonly string[]>(values: Values): SearchParam<Values[number]> {
  return (raw) => (typeof raw === 'string' && values.includes(raw) ? (raw as Values[number]) : undefined)
}

/**
 * A path on the same site (`/members/12`): never another origin (`//evil.example`, `https://…`,
 * `/\evil.example`), so a crafted link cannot send someone elsewhere after sign-in.
 */
export function sameSitePath(): SearchParam<string> {
  return (raw) =>
    typeof raw === 'string' &&
    raw.length <= 2000 &&
    raw.startsWith('/') &&
    !raw.startsWith('//') &&
    !raw.includes('\\')
      ? raw
      : undefined
}

/** A calendar day, `YYYY-MM-DD` (whether it exists is the API's to say). */
export function calendarDay(): SearchParam<string> {
  return (raw) => (typeof raw === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined)
}
