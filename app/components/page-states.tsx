import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'

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
