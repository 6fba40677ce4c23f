import type { ReactNode } from 'react'
import { tv } from './tv'

export const badgeStyles = tv({
  base: 'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset',
  variants: {
    tone: {
      green: 'bg-green-50 text-green-800 ring-green-600/30',
      amber: 'bg-amber-50 text-amber-900 ring-amber-600/40',
      red: 'bg-red-50 text-red-800 ring-red-600/30',
      slate: 'bg-slate-100 text-slate-700 ring-slate-400/40',
      accent: 'bg-accent-50 text-accent-900 ring-accent-600/30',
    },
  },
  defaultVariants: { tone: 'slate' },
})

/** A short status in words (never colour alone): "Archived", "Private", "12 months". */
export function Badge(props: { tone?: 'green' | 'amber' | 'red' | 'slate' | 'accent'; children: ReactNode }) {
  return <span className={badgeStyles({ tone: props.tone })}>{props.children}</span>
}
