import { ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { Card } from '~/components/ui/card'
import { focusRing } from '~/components/ui/utils'

/** A grey bar standing in for text or a chart while the data loads. */
export function Skeleton(props: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block animate-pulse rounded bg-slate-200 motion-reduce:animate-none ${props.className ?? 'h-4 w-24'}`}
    />
  )
}

/** A titled panel of the dashboard; `loading` shows the skeleton in its place and says so. */
export function Panel(props: {
  title: string
  description?: string
  loading?: boolean
  skeleton?: ReactNode
  className?: string
  children?: ReactNode
}) {
  const headingId = `panel-${props.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      aria-busy={props.loading || undefined}
      className={`flex min-w-0 flex-col ${props.className ?? ''}`}
    >
      <h2 id={headingId} className="font-semibold text-base text-slate-900">
        {props.title}
      </h2>
      {props.description ? <p className="mt-0.5 text-slate-600 text-sm">{props.description}</p> : null}
      <div className="mt-4 min-w-0 flex-1">
        {props.loading ? (
          <>
            <span className="sr-only">Loading…</span>
            {props.skeleton ?? <Skeleton className="h-48 w-full" />}
          </>
        ) : (
          props.children
        )}
      </div>
    </Card>
  )
}

export interface TableColumn<Row> {
  header: string
  cell: (row: Row) => ReactNode
  numeric?: boolean
}

/**
 * A chart with its table alternative: the drawing is an image named by `summary`; the same numbers
 * are a table behind "Show as a table", for screen readers and anyone who wants the figures.
 */
export function ChartWithTable<Row>(props: {
  summary: string
  chart: ReactNode
  caption: string
  rows: Row[]
  rowKey: (row: Row) => string
  columns: TableColumn<Row>[]
}) {
  // Pressed before the page's code ran: opened once it runs (ADR 058).
  const held = useHeldUntilLive<HTMLButtonElement>('press')
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <figure role="img" aria-label={props.summary} className="m-0 h-56 min-w-0">
        {props.chart}
      </figure>
      <Disclosure>
        <Heading level={3} className="m-0">
          <Button
            {...held.mark}
            ref={held.ref}
            slot="trigger"
            className={({ isFocusVisible }) =>
              focusRing({
                isFocusVisible,
                className:
                  'group flex cursor-pointer items-center gap-1 rounded text-accent-700 text-sm hover:text-accent-800',
              })
            }
          >
            <ChevronRight
              aria-hidden="true"
              className="size-4 transition-transform group-aria-expanded:rotate-90 motion-reduce:transition-none"
            />
            Show as a table
          </Button>
        </Heading>
        <DisclosurePanel>
          <DataTable
            caption={props.caption}
            rows={props.rows}
            rowKey={props.rowKey}
            columns={props.columns}
          />
        </DisclosurePanel>
      </Disclosure>
    </div>
  )
}

export function DataTable<Row>(props: {
  caption: string
  rows: Row[]
  rowKey: (row: Row) => string
  columns: TableColumn<Row>[]
  captionHidden?: boolean
}) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className={props.captionHidden === false ? 'mb-2 text-left text-slate-600' : 'sr-only'}>
          {props.caption}
        </caption>
        <thead>
          <tr>
            {props.columns.map((column, index) => (
              <th
                key={column.header}
                scope="col"
                className={`border-slate-200 border-b px-2 py-1.5 font-medium text-slate-700 ${
                  column.numeric && index > 0 ? 'text-right' : 'text-left'
                }`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={props.rowKey(row)}>
              {props.columns.map((column, index) =>
                index === 0 ? (
                  <th
                    key={column.header}
                    scope="row"
                    className="border-slate-100 border-b px-2 py-1.5 text-left font-normal text-slate-900"
                  >
                    {column.cell(row)}
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={`border-slate-100 border-b px-2 py-1.5 text-slate-700 ${
                      column.numeric ? 'text-right tabular-nums' : ''
                    }`}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
