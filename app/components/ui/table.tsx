import {
  type CellProps,
  type ColumnProps,
  composeRenderProps,
  Cell as RACCell,
  Column as RACColumn,
  Row as RACRow,
  Table as RACTable,
  TableBody as RACTableBody,
  TableHeader as RACTableHeader,
  type RowProps,
  type TableBodyProps,
  type TableHeaderProps,
  type TableProps,
} from 'react-aria-components'
import { tv, twMerge } from 'tailwind-variants'
import { composeTailwindRenderProps, focusRing } from './utils'

/**
 * A data table (RAC Table: a grid with arrow-key navigation between rows and cells). Wrap it in
 * `TableFrame` for the border, sticky header and horizontal scrolling on phones.
 */
export function TableFrame(props: { children: React.ReactNode; className?: string }) {
  return (
    <div className={twMerge('overflow-x-auto rounded-lg border border-slate-200 bg-white', props.className)}>
      {props.children}
    </div>
  )
}

export function Table(props: TableProps) {
  return (
    <RACTable
      {...props}
      className={composeTailwindRenderProps(props.className, 'w-full border-collapse text-sm')}
    />
  )
}

export function TableHeader<T extends object>(props: TableHeaderProps<T>) {
  return (
    <RACTableHeader
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'sticky top-0 z-10 border-slate-200 border-b bg-slate-50',
      )}
    />
  )
}

export function Column(props: ColumnProps & { align?: 'start' | 'end' }) {
  const { align, ...rest } = props
  return (
    <RACColumn
      {...rest}
      className={composeTailwindRenderProps(
        props.className,
        twMerge(
          'whitespace-nowrap px-4 py-2.5 text-left font-medium text-slate-700 text-xs uppercase tracking-wide outline-none focus-visible:outline-2 focus-visible:outline-accent-600',
          align === 'end' && 'text-right',
        ),
      )}
    />
  )
}

export function TableBody<T extends object>(props: TableBodyProps<T>) {
  return <RACTableBody {...props} />
}

const rowStyles = tv({
  extend: focusRing,
  base: 'border-slate-100 border-b text-slate-900 last:border-0 focus-visible:-outline-offset-2',
  variants: {
    isHovered: { true: 'bg-slate-50' },
    hasAction: { true: 'cursor-pointer' },
  },
})

export function Row<T extends object>(props: RowProps<T>) {
  return (
    <RACRow
      {...props}
      className={composeRenderProps(props.className, (className, renderProps) =>
        rowStyles({ ...renderProps, hasAction: Boolean(props.onAction), className }),
      )}
    />
  )
}

export function Cell(props: CellProps & { align?: 'start' | 'end' }) {
  const { align, ...rest } = props
  return (
    <RACCell
      {...rest}
      className={composeTailwindRenderProps(
        props.className,
        twMerge(
          'px-4 py-3 align-middle outline-none focus-visible:outline-2 focus-visible:outline-accent-600',
          align === 'end' && 'text-right tabular-nums',
        ),
      )}
    />
  )
}
