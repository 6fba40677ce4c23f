import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

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
