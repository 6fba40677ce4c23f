import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card } from '~/components/ui/card'

/** One fact of a details card: its icon, what it is, and its value (`wrap`: a long value breaks). */
export function Fact(props: { label: string; icon: LucideIcon; wrap?: boolean; children: ReactNode }) {
  const Icon = props.icon
  return (
    <div className="flex items-start gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
      <div className="min-w-0">
        <dt className="text-slate-600 text-sm">{props.label}</dt>
        <dd className={props.wrap ? 'break-words text-slate-900' : 'text-slate-900'}>{props.children}</dd>
      </div>
    </div>
  )
}

/** A card of facts under a heading (a gym's people, its money; a staff member's details). */
export function FactsCard(props: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="font-semibold text-slate-900">{props.title}</h2>
      <dl className="mt-3 flex flex-col gap-3">{props.children}</dl>
    </Card>
  )
}
