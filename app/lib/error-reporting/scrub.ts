/**
 * What leaves for Sentry, on the server and in the browser (ADR 039): no personal data, tokens,
 * cookies, authorization headers, request bodies or card numbers. Sentry's own `sendDefaultPii: false`
 * keeps most of it back; this is the second lock, run on every event and transaction before it is sent
 * (`beforeSend`, `beforeSendTransaction`) and on every breadcrumb. It imports nothing of Sentry's, so
 * it is as cheap to load as any helper.
 *
 * - Fields named like a secret or a person's detail (`password`, `token`, `authorization`, `cookie`,
 *   `email`, `card_number`, `api_key`, `name`, `phone`, …) lose their value, wherever they are.
 * - In every string: e-mail addresses, card-number-like runs of 13–19 digits, `Bearer …` /
 *   `KISI-LOGIN …` / `Basic …` credentials, provider keys (`sk_live_…`, `whsec_…`), `key=value` pairs of
 *   secret names, and long token-like path segments (a join link's token is its address) are replaced.
 * - The request keeps its method and its scrubbed URL only: no body, cookies, headers or query.
 * - The user keeps nothing but their id (no e-mail, name or IP address).
 */

export const REDACTED = '[redacted]'

const sensitiveKey =
  /pass(word)?|secret|token|auth|cookie|session|csrf|signature|api[-_]?key|apikey|card|cvc|cvv|pan\b|iban|account[-_]?number|bank|email|e-mail|phone|mobile|name|dob|birth|address|suburb|post[-_]?code|ip[-_]?address|emergency|^code$|otp/i

/** Keys kept as they are even though they look like the above: what a report needs to be read. */
const harmlessKey =
  /^(type|filename|function|module|abs_path|lineno|colno|in_app|mechanism|handled|level|logger|platform|transaction|op|status|span_id|trace_id|parent_span_id|event_id|timestamp|start_timestamp|release|environment|sdk|integrations|packages|version|category|route|method|constraint|table|column)$/i

const patterns: [RegExp, string][] = [
  // Authorization schemes, whatever the header's name.
  [/\b(Bearer|Basic|Digest|KISI-LOGIN|Token)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [token]'],
  // Provider keys and secrets by their shapes.
  [/\b(sk|pk|rk)_(live|test)_[A-Za-z0-9]+/g, '[key]'],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, '[key]'],
  [/\b(app_token|user_token|id)_[A-Za-z0-9]{20,}/g, '[token]'],
  [/\b(seti|pi|pm|cus)_[A-Za-z0-9]{10,}_secret_[A-Za-z0-9]+/g, '[client secret]'],
  // An e-mail address.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, '[email]'],
  // A card number: 13–19 digits, maybe grouped by spaces or dashes.
  [/\b\d(?:[ -]?\d){12,18}\b/g, '[card number]'],
  // `password=…`, `token: …`, `"api_key":"…"`, `cookie=…` inside a message or a query string.
  [
    /\b((?:pass(?:word)?|secret|token|access_token|refresh_token|api[-_]?key|authorization|cookie|session(?:_id)?|code|otp)["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
    '$1[redacted]',
  ],
  // A token-like path segment (letters and digits, 16 or more): a join or payment link's address is its token.
  [/\/(?=[A-Za-z_-]*\d)(?=[\d_-]*[A-Za-z])[A-Za-z0-9_-]{16,}(?=[/?#\s"']|$)/g, '/[token]'],
  // `Cookie: a=b; c=d` to the end of the line.
  [/\b(set-)?cookie:\s*[^\n]*/gi, 'cookie: [redacted]'],
]

/** A string with personal data, tokens and card numbers replaced. */
export function scrubText(text: string): string {
  let out = text
  for (const [pattern, replacement] of patterns) out = out.replace(pattern, replacement)
  return out
}

/** A path or URL without its query or fragment, and with long token-like segments replaced. */
export function scrubUrl(url: string): string {
  const withoutQuery = url.replace(/[?#].*$/, '')
  return scrubText(
    withoutQuery.replace(/\/[A-Za-z0-9_-]{20,}(?=\/|$)/g, (segment) =>
      /^\/[a-z-]+$/.test(segment) ? segment : '/[token]',
    ),
  )
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 12) return REDACTED
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (sensitiveKey.test(key) && !harmlessKey.test(key)) {
      out[key] = inner === null || inner === undefined ? inner : REDACTED
    } else {
      out[key] = scrubValue(inner, depth + 1)
    }
  }
  return out
}

const deviceContexts = new Set(['os', 'runtime', 'browser', 'device', 'culture', 'app', 'cloud_resource'])

/**
 * The event (or transaction) as it may leave: used as `beforeSend` and `beforeSendTransaction`.
 * Structural fields Sentry needs (stack frames' file names and lines, ids, timings) are kept. Typed
 * over any object: Sentry's event types differ by version and side, and the walk reads them as data.
 */
export function scrubEvent<T extends object>(event: T): T {
  const fields: Record<string, unknown> = Object.fromEntries(Object.entries(event))
  const { request, user, sdk, contexts, transaction, ...rest } = fields
  const out = scrubValue(rest, 0) as Record<string, unknown>
  // Which SDK, runtime, browser and system sent it: Sentry's to read, nobody's personal data.
  if (sdk !== undefined) out.sdk = sdk
  if (contexts && typeof contexts === 'object') {
    const kept: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(contexts)) {
      kept[key] = deviceContexts.has(key) ? value : scrubValue(value, 1)
    }
    out.contexts = kept
  }
  if (request && typeof request === 'object') {
    const { method, url } = request as { method?: unknown; url?: unknown }
    out.request = {
      ...(typeof method === 'string' ? { method } : {}),
      ...(typeof url === 'string' ? { url: scrubUrl(url) } : {}),
    }
  }
  if (user && typeof user === 'object' && 'id' in user && user.id !== undefined) out.user = { id: user.id }
  if (typeof transaction === 'string') out.transaction = scrubUrl(transaction)
  return out as T
}

/** A breadcrumb (a console line, a fetch, a click) with the same rules; a fetch keeps no body. */
export function scrubBreadcrumb<T extends object>(breadcrumb: T): T {
  const out = scrubValue(breadcrumb, 0) as Record<string, unknown>
  const data = (breadcrumb as { data?: unknown }).data
  if (data && typeof data === 'object' && 'url' in data && typeof data.url === 'string') {
    out.data = { ...(out.data as Record<string, unknown> | undefined), url: scrubUrl(data.url) }
  }
  return out as T
}

/** Sentry's shared options for both sides: sampled traces, no default personal data, the scrubber. */
export const errorReportingOptions = {
  tracesSampleRate: 0.5,
  sendDefaultPii: false,
  beforeSend: <T extends object>(event: T) => scrubEvent(event),
  beforeSendTransaction: <T extends object>(event: T) => scrubEvent(event),
  beforeBreadcrumb: <T extends object>(breadcrumb: T) => scrubBreadcrumb(breadcrumb),
} as const
