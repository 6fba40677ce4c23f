import { Link, useRouter } from '@tanstack/react-router'
import { type ReactNode, useEffect } from 'react'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Button, buttonStyles } from '~/components/ui/button'

/** What a screen shows while its data loads or when it could not be loaded (UI.md: never a blank page). */

/** A grey bar standing in for text while the screen loads. */
export function SkeletonBar(props: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded bg-slate-200 motion-reduce:animate-none ${props.className ?? 'h-4 w-24'}`}
    />
  )
}

/** The frame of a screen while its data loads: the title at once, grey rows below (never a blank page). */
export function LoadingPage(props: { title: string; description: string; children: ReactNode }) {
  return (
    <Page title={props.title} description={props.description}>
      <div aria-busy="true" aria-live="polite">
        <span className="sr-only">Loading…</span>
        {props.children}
      </div>
    </Page>
  )
}

/** Numbers 0 … n − 1, to key placeholder rows that never reorder. */
const range = (n: number) => Array.from({ length: n }, (_, index) => index)

export function SkeletonTable(props: { columns: number; rows: number }) {
  const columns = range(props.columns)
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <div className="flex gap-6 border-slate-200 border-b bg-slate-50 px-4 py-3">
        {columns.map((column) => (
          <SkeletonBar key={column} className="h-4 flex-1" />
        ))}
      </div>
      {range(props.rows).map((row) => (
        <div key={row} className="flex gap-6 border-slate-100 border-b px-4 py-3 last:border-0">
          {columns.map((column) => (
            <SkeletonBar key={column} className="h-4 flex-1" />
          ))}
        </div>
      ))}
    </div>
  )
}

/** The server's message when the screen's data could not be loaded (SPEC §8), with a way to try again. */
export function LoadFailedPage(props: { title: string; description: string; error: unknown }) {
  const router = useRouter()
  const message = props.error instanceof Error ? props.error.message : 'Something went wrong.'
  const signedOut = isSignedOut(props.error)
  // The session ended while the screen was open (deactivated, signed out elsewhere): forget the cached
  // session and let the guards send the person to sign in, rather than offer a retry that cannot work.
  useEffect(() => {
    if (!signedOut) return
    router.options.context.session.reset()
    void router.invalidate()
  }, [signedOut, router])
  return (
    <Page title={props.title} description={props.description}>
      <Alert tone="error" title="We couldn't load this screen">
        <p>{message}</p>
        <Button variant="secondary" size="sm" className="mt-3" onPress={() => router.invalidate()}>
          Try again
        </Button>
      </Alert>
    </Page>
  )
}

/** A load refused because nobody is signed in any more (the API's 401). */
function isSignedOut(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return ('status' in error && error.status === 401) || error.message === 'Unauthenticated.'
}

/** The screens that show one gym at a time, chosen by `?gym_id=`. */
type GymScreen =
  | '/console/members'
  | '/console/payments'
  | '/console/visits'
  | '/console/offerings'
  | '/console/active-user-debugging'
  | '/console/expected-payments-debugging'

/**
 * A screen opened for a gym the user doesn't work at: said in words, with their own gyms to choose
 * from, instead of another gym's figures or a "Gym not found" to retry (issue 13).
 */
export function OutsideGymsPage(props: {
  title: string
  description: string
  gyms: readonly { id: number; name: string }[]
  /** The screen, opened again for one of the user's gyms. */
  to: GymScreen
}) {
  return (
    <Page title={props.title} description={props.description}>
      <Alert title="This gym isn’t one of yours">
        <p>
          The link you followed is for a gym you don’t work at, so nothing from it is shown.
          {props.gyms.length === 0 ? ' You have no gyms yet.' : ' Choose one of your gyms:'}
        </p>
        {props.gyms.length === 0 ? null : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {props.gyms.map((gym) => (
              <li key={gym.id}>
                <Link
                  to={props.to}
                  search={{ gym_id: gym.id }}
                  className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                >
                  {gym.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Alert>
    </Page>
  )
}
