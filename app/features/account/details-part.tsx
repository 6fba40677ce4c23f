import type { ReactNode } from 'react'

/** One part of "Your details": a card with its heading and what it is for. */
export function DetailsPart(props: {
  title: string
  description?: ReactNode
  children: ReactNode
  id?: string
}) {
  const headingId = `${props.id ?? props.title.toLowerCase().replace(/\W+/g, '-')}-heading`
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs sm:p-6"
    >
      <div>
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          {props.title}
        </h2>
        {props.description ? <div className="mt-1 text-slate-600 text-sm">{props.description}</div> : null}
      </div>
      {props.children}
    </section>
  )
}

/** What just happened, said where it happened (the join site has no toasts). */
export function Done(props: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-green-900 text-sm">
      {props.children}
    </p>
  )
}
