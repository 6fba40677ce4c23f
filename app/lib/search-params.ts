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

/**
 * A route's `validateSearch`: each param read by its reader; one it refuses is `undefined`, said
 * explicitly: the router merges a route's answer over the address's own values (`{...raw,
 * ...validated}`), so a key merely left out would keep the refused text for the loader and the page.
 * `ranges` names pairs of params that make a range (`['due_from', 'due_to']`): a pair whose start is
 * after its end (a hand-edited link) is refused whole, as any other value the screen cannot use.
 */
export function searchParams<Shape extends Record<string, SearchParam<unknown>>>(
  shape: Shape,
  options: { ranges?: ReadonlyArray<readonly [keyof Shape & string, keyof Shape & string]> } = {},
) {
  return (search: Record<string, unknown>): SearchOf<Shape> => {
    const read: Record<string, unknown> = {}
    for (const [key, param] of Object.entries(shape)) read[key] = param(search[key])
    for (const [from, to] of options.ranges ?? []) {
      if (isBackwardsRange(read[from], read[to])) {
        read[from] = undefined
        read[to] = undefined
      }
    }
    return read as SearchOf<Shape>
  }
}

/**
 * Whether a range's two ends are both given, of one kind (days as `YYYY-MM-DD`, or numbers), and the
 * start is after the end: the rule the list readers and the filter fields (`rangeChecks`) share.
 */
export function isBackwardsRange(start: unknown, end: unknown): boolean {
  if (typeof start === 'number' && typeof end === 'number') return start > end
  if (typeof start === 'string' && typeof end === 'string') return start > end
  return false
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

/**
 * A calendar day, `YYYY-MM-DD`, that exists (not 31 February) and is not before 1900, the API's first
 * day: a link with another would only fail at the API.
 */
export function calendarDay(): SearchParam<string> {
  return (raw) => {
    if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw) || raw < '1900-01-01') return undefined
    const [year, month, day] = raw.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(year, month - 1, day))
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? raw : undefined
  }
}
