/**
 * The requests the server is answering right now, so that work of its own in the background (the
 * demo's members and year of history, ADR 021) lets them go first (ADR 055). On PGlite there is one
 * connection: a background step holds it for its whole transaction, and a request made of ten queries
 * waited behind up to ten of them.
 */
let answering = 0
let waiting: Array<() => void> = []

/** Counts `answer` as a request in progress until it settles (its body may stream on after). */
export async function answerRequest<T>(answer: () => Promise<T>): Promise<T> {
  answering += 1
  try {
    return await answer()
  } finally {
    answering -= 1
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
