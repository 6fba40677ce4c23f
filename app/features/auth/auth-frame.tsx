import { useLocation } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'
import { siteOfInternalPath } from '~/lib/sites'

/**
 * The frame of the sign-in screens: one narrow column, the brand on top, a card with the form. On the
 * join site it is the same column a member meets through the whole sign-up (UI.md, Join site).
 */
export function AuthFrame(props: {
  title: string
  description?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-md flex-col px-4 py-8 sm:py-12">
      {/* The join site's header carries the brand there (routes/join/route.tsx). */}
      {siteOfInternalPath(useLocation().pathname) === 'join' ? null : (
        <p className="mb-6 font-semibold text-accent-700 text-lg tracking-tight">Gymbase</p>
      )}
      <Card padding="lg">
        <h1 className="font-semibold text-2xl tracking-tight">{props.title}</h1>
        {props.description ? <div className="mt-2 text-slate-600">{props.description}</div> : null}
        <div className="mt-6">{props.children}</div>
      </Card>
      {props.footer ? <div className="mt-6 text-center text-slate-600 text-sm">{props.footer}</div> : null}
    </main>
  )
}
