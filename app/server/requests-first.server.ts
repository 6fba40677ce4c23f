/**
 * The requests the server is answering right now, so that work of its own in the background (the
 * demo's members and year of history, ADR 021) lets them go first (ADR 055). On PGlite there is one
 * connection: a background step holds it for its whole transaction, and a request made of ten queries
 * waited behind up to ten of them.
 */
let answering = 0
let waiting: Array<() => void> = []
/** When the last request was answered: `performance.now()`, or undefined before the first. */
let lastAnswered: number | undefined

/** Counts `answer` as a request in progress until it settles (its body may stream on after). */
export async function answerRequest<T>(answer: () => Promise<T>): Promise<T> {
  answering += 1
  try {
    return await answer()
  } finally {
    answering -= 1
    lastAnswered = performance.now()
    if (answering === 0) {
      const resolve = waiting
      waiting = []
      for (const done of resolve) done()
    }
  }
}

/**
 * Resolves once no request is being answered, or after `atMostMs` whatever the traffic, so that a
 * steady stream of requests (or one that never ends) slows the background work down but never stops it.
 */
export function requestsAnswered(atMostMs = 2000): Promise<void> {
  if (answering === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, atMostMs)
    waiting.push(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/**
 * Resolves once the server has answered a request and then none for `quietMs`, or after `atMostMs`
 * whatever the traffic. The demo's background work starts here (ADR 055): the first visitor's burst of
 * requests (a page, its scripts, a sign-in) is answered before the history holds the connection and
 * the processor, and a server nobody visits starts it after `atMostMs`.
 */
export async function firstQuietMoment(options: { quietMs?: number; atMostMs?: number } = {}): Promise<void> {
  const quietMs = options.quietMs ?? 1000
  const until = performance.now() + (options.atMostMs ?? 10_000)
  for (;;) {
    const now = performance.now()
    if (now >= until) return
    if (answering === 0 && lastAnswered !== undefined && now - lastAnswered >= quietMs) return
    const wait = lastAnswered === undefined ? 100 : Math.max(50, quietMs - (now - lastAnswered))
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, until - now)))
  }
}
