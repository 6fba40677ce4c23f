import type { HTMLAttributes } from 'react'
import { tv } from './tv'

export const cardStyles = tv({
  base: 'rounded-lg border border-slate-200 bg-white shadow-xs',
  variants: {
    padding: {
      none: '',
      md: 'p-4 sm:p-6',
      lg: 'p-6 sm:p-8',
    },
  },
  defaultVariants: { padding: 'md' },
})

export interface CardProps extends HTMLAttributes<HTMLDivElement> {
  padding?: 'none' | 'md' | 'lg'
}

/** A white rounded panel. Give it a heading inside when it is a section of its own. */
export function Card({ padding, className, ...props }: CardProps) {
  return <div {...props} className={cardStyles({ padding, className })} />
}
