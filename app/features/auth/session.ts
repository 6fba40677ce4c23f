import { useRouter } from '@tanstack/react-router'
import { useEffect, useSyncExternalStore } from 'react'
import type { SessionState } from './auth.functions'

/**
 * Who is signed in, as this page knows it (SPEC §2.3): read by the guards before a screen loads and
 * shown by the join site's header and the guest flag. One store per router (per request on the server,
 * per page in the browser), in the router's context; the server's answer reaches the browser with the
 * page (app/router.tsx hands it over), so the first render there shows what the server showed.
 *
 * The join site keeps no query cache (ADR 044): this is the one thing both sites cache, for 10 seconds,
 * so a run of guards on one navigation asks the API once.
 */
export interface SessionStore {
  /** The session, asked of the API unless a fresh answer is at hand (or already on its way). */
  load(): Promise<SessionState>
  /** What is known now, without asking; undefined before the first answer or after a reset. */
  current(): SessionState | undefined
  /**
   * Forget the session: after signing up or in, verifying a code, a step that changed the member, or
   * signing out. What shows the session (the header) asks again at once.
   */
  reset(): void
  /** The server's answer, handed to the browser's store as the page hydrates. */
  seed(session: SessionState | undefined): void
  /**
   * What the server's page was drawn with, for React to hydrate it with: the answer handed over, not
   * one that arrived since (a part of the page hydrating late would otherwise differ from its HTML).
   * On the server, what is known now.
   */
  hydrationSnapshot(): SessionState | undefined
  subscribe(listener: () => void): () => void
}

/** How long an answer stays fresh: the guards of one navigation, and a header re-rendering, share it. */
const FRESH_MS = 10_000

export function createSessionStore(
  read: () => Promise<SessionState>,
  clock: () => number = Date.now,
): SessionStore {
  let session: SessionState | undefined
  let handedOver: { session: SessionState | undefined } | undefined
  let readAt = 0
  let pending: Promise<SessionState> | undefined
  // Bumped by every reset, so an answer asked for before it can't bring the forgotten session back.
  let generation = 0
  const listeners = new Set<() => void>()
  const notify = () => {
    for (const listener of listeners) listener()
  }

  const store: SessionStore = {
    load() {
      if (session !== undefined && clock() - readAt < FRESH_MS) return Promise.resolve(session)
      if (pending) return pending
      const askedIn = generation
      const asking = read().then(
        (answer) => {
          if (askedIn !== generation) return store.load()
          pending = undefined
          session = answer
          readAt = clock()
          notify()
          return answer
        },
        (error: unknown) => {
          if (askedIn === generation) pending = undefined
          throw error
        },
      )
      pending = asking
      return asking
    },
    current: () => session,
    reset() {
      generation += 1
      session = undefined
      readAt = 0
      pending = undefined
      notify()
      if (listeners.size > 0) void store.load().catch(() => undefined)
    },
    seed(answer) {
      handedOver = { session: answer }
      session = answer
      readAt = answer === undefined ? 0 : clock()
    },
    hydrationSnapshot: () => (handedOver ? handedOver.session : session),
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
  return store
}

/** The page's session store (the router's context). */
export function useSessionStore(): SessionStore {
  return useRouter().options.context.session
}

/**
 * The session for a component: what the store knows, asked for when it knows nothing or its answer has
 * gone stale (on mount, and when the person comes back to the tab: they may have signed out in another).
 */
export function useSession(): SessionState | undefined {
  const store = useSessionStore()
  const session = useSyncExternalStore(store.subscribe, store.current, store.hydrationSnapshot)
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void store.load().catch(() => undefined)
    }
    refresh()
    document.addEventListener('visibilitychange', refresh)
    return () => document.removeEventListener('visibilitychange', refresh)
  }, [store])
  return session
}
