import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { twMerge } from './tv'

/**
 * A data table as plain semantic HTML: a caption or label names it, `th scope` ties headers to cells,
 * and the interactive things in it (links, buttons) are ordinary tab stops. A RAC Table (an ARIA grid)
 * would take over clicks and arrow keys, which a list of records with links and row actions doesn't
 * need. Wrap it in `TableFrame` for the border, sticky header and horizontal scrolling on phones.
 */
export function TableFrame(props: { children: ReactNode; className?: string }) {
  return (
    <div className={twMerge('overflow-x-auto rounded-lg border border-slate-200 bg-white', props.className)}>
      {props.children}
    </div>
  )
}

export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  return <table {...props} className={twMerge('w-full border-collapse text-sm', className)} />
}

export function TableHeader(props: { children: ReactNode }) {
  return (
    <thead className="sticky top-0 z-10 border-slate-200 border-b bg-slate-50">
      <tr>{props.children}</tr>
    </thead>
  )
}

export function Column({
  align,
  className,
  ...props
}: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'align'> & { align?: 'start' | 'end' }) {
  return (
    <th
      scope="col"
      {...props}
      className={twMerge(
        'whitespace-nowrap px-4 py-2.5 text-left font-medium text-slate-700 text-xs uppercase tracking-wide',
        align === 'end' && 'text-right',
        className,
      )}
    />
  )
}

export function TableBody(props: { children: ReactNode }) {
  return <tbody>{props.children}</tbody>
}

export function Row({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return (
    <tr
      {...props}
      className={twMerge(
        'border-slate-100 border-b text-slate-900 last:border-0 hover:bg-slate-50',
        className,
      )}
    />
  )
}

/** A cell; `isRowHeader` makes it the row's `th`, which screen readers announce with each cell. */
export function Cell({
  align,
  isRowHeader,
  className,
  ...props
}: Omit<TdHTMLAttributes<HTMLTableCellElement>, 'align'> & {
  align?: 'start' | 'end'
  isRowHeader?: boolean
}) {
  const classes = twMerge(
    'px-4 py-3 text-left align-middle font-normal',
    align === 'end' && 'text-right tabular-nums',
    className,
  )
  if (isRowHeader) return <th scope="row" {...props} className={classes} />
  return <td {...props} className={classes} />
}
