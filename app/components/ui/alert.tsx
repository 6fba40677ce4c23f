import { CircleAlert, CircleCheck, Info } from 'lucide-react'
import type { HTMLAttributes, ReactNode } from 'react'
import { tv } from './tv'

const alertStyles = tv({
  slots: {
    root: 'flex items-start gap-3 rounded-md border p-4 text-sm',
    icon: 'mt-px size-5 shrink-0',
    title: 'font-semibold',
  },
  variants: {
    tone: {
      error: { root: 'border-red-200 bg-red-50 text-red-900', icon: 'text-red-700' },
      success: { root: 'border-green-200 bg-green-50 text-green-900', icon: 'text-green-700' },
      info: { root: 'border-accent-200 bg-accent-50 text-accent-900', icon: 'text-accent-700' },
    },
  },
  defaultVariants: { tone: 'info' },
})

const icons = { error: CircleAlert, success: CircleCheck, info: Info }

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  tone?: 'error' | 'success' | 'info'
  /** A short bold first line, e.g. "We couldn't save the offering". */
  title?: ReactNode
  children?: ReactNode
}

/**
 * An inline message box, e.g. the server's message after a failed form (SPEC §8). An error is
 * `role="alert"` so screen readers announce it when it appears; the other tones are `role="status"`.
 */
export function Alert({ tone = 'info', title, children, className, ...props }: AlertProps) {
  const styles = alertStyles({ tone })
  const Icon = icons[tone]
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} {...props} className={styles.root({ className })}>
      <Icon aria-hidden="true" className={styles.icon()} />
      <div className="flex flex-col gap-1">
        {title ? <p className={styles.title()}>{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  )
}
