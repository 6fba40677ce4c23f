import type { ReactNode } from 'react'

/**
 * The frame of a screen: a main landmark with the title as its heading. Screens that later issues
 * build replace their bodies; the frame stays.
 */
export function Page(props: {
  title: ReactNode
  description?: ReactNode
  narrow?: boolean
  /** The screen's primary action (and at most a few more), at the right of the title (UI.md). */
  actions?: ReactNode
  children?: ReactNode
}) {
  return (
    <main id="main" className={`mx-auto w-full px-4 py-10 ${props.narrow ? 'max-w-md' : 'max-w-5xl'}`}>
      {/* The title keeps room for itself: with many actions, they move under it rather than squeeze it. */}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-start sm:justify-between">
        <div className="min-w-0 sm:flex-1 sm:basis-80">
          <h1 className="font-semibold text-2xl tracking-tight">{props.title}</h1>
          {props.description ? <p className="mt-1 text-slate-600">{props.description}</p> : null}
        </div>
        {props.actions ? <div className="flex shrink-0 flex-wrap gap-2">{props.actions}</div> : null}
      </div>
      <div className="mt-6">{props.children}</div>
    </main>
  )
}

/** A screen whose capability a later issue builds: it renders its title and says so. */
export function PlannedScreen(props: { title: string }) {
  return (
    <Page title={props.title}>
      <p className="rounded-md border border-dashed border-slate-300 bg-white p-4 text-slate-600">
        This screen is not built yet.
      </p>
    </Page>
  )
}
