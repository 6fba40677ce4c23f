import type { ReactNode } from 'react'

/** A titled part of a screen (an offering's private links, the Akahu webhooks): its heading names it. */
export function PageSection(props: {
  id: string
  title: string
  description: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-3">
      <div>
        <h2 id={props.id} className="font-semibold text-lg">
          {props.title}
        </h2>
        <p className="text-slate-600 text-sm">{props.description}</p>
      </div>
      {props.children}
    </section>
  )
}
