import { type ColumnDef, flexRender, type RowData, tableFeatures, useTable } from '@tanstack/react-table'
import { ArrowDown, ArrowUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'

/**
 * The console's server-sorted lists (members, payments, visits): TanStack Table renders the columns
 * into the accessible table of `components/ui/table`; a sortable column's header is a link to the
 * same list sorted by it (the sort lives in the address), with `aria-sort` on the current one.
 */
export const listFeatures = tableFeatures({})
export type ListFeatures = typeof listFeatures

export interface ListColumnMeta {
  align?: 'end'
  /** Columns phones do without, so the list reads at 390 px without scrolling sideways. */
  hideOnPhone?: boolean
  /** The sort this column's header toggles (ascending first, or descending first for dates/money). */
  sort?: { key: string; descendingFirst?: boolean }
}

export function SortableTable<TRow extends RowData & { id: number }, TSort extends string>(props: {
  label: string
  columns: ColumnDef<ListFeatures, TRow>[]
  rows: TRow[]
  sort: TSort
  /** A link to the list sorted by `sort` (page 1), holding `children`. */
  sortLink: (sort: TSort, children: ReactNode) => ReactNode
  meta?: Record<string, unknown>
}) {
  const table = useTable<ListFeatures, TRow>({
    features: listFeatures,
    meta: props.meta,
    columns: props.columns,
    data: props.rows,
    // A row is its record, not its place on the page: a list that reloads under an open dialog (a
    // failed payment retried, a new row above) must not hand the dialog the next record's values.
    getRowId: (row) => String(row.id),
  })
  return (
    <TableFrame>
      <Table aria-label={props.label}>
        <TableHeader>
          {table.getFlatHeaders().map((header) => {
            const meta = header.column.columnDef.meta as ListColumnMeta | undefined
            const label = flexRender(header.column.columnDef.header, header.getContext())
            const current = meta?.sort ? sortDirection(props.sort, meta.sort.key) : undefined
            return (
              <Column
                key={header.id}
                align={meta?.align === 'end' ? 'end' : 'start'}
                className={meta?.hideOnPhone ? 'hidden md:table-cell' : undefined}
                aria-sort={current ?? (meta?.sort ? 'none' : undefined)}
              >
                {meta?.sort
                  ? props.sortLink(
                      nextSort(props.sort, meta.sort),
                      <>
                        {label}
                        {current === 'ascending' ? <ArrowUp aria-hidden="true" className="size-3.5" /> : null}
                        {current === 'descending' ? (
                          <ArrowDown aria-hidden="true" className="size-3.5" />
                        ) : null}
                      </>,
                    )
                  : label}
              </Column>
            )
          })}
        </TableHeader>
        <TableBody>
          {table.getRowModel().rows.map((row) => (
            <Row key={row.id}>
              {row.getAllCells().map((cell, index) => {
                const meta = cell.column.columnDef.meta as ListColumnMeta | undefined
                return (
                  <Cell
                    key={cell.id}
                    isRowHeader={index === 0}
                    align={meta?.align === 'end' ? 'end' : 'start'}
                    className={meta?.hideOnPhone ? 'hidden md:table-cell' : undefined}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </Cell>
                )
              })}
            </Row>
          ))}
        </TableBody>
      </Table>
    </TableFrame>
  )
}

/** The class of a sortable header's link. */
export const sortLinkClass = 'inline-flex items-center gap-1 text-inherit no-underline hover:text-slate-900'

function sortDirection(sort: string, key: string): 'ascending' | 'descending' | undefined {
  if (sort === key) return 'ascending'
  if (sort === `-${key}`) return 'descending'
  return undefined
}

/** A header's press: its sort in its first direction, then the other way. */
function nextSort<TSort extends string>(
  sort: TSort,
  column: { key: string; descendingFirst?: boolean },
): TSort {
  const ascending = column.key as TSort
  const descending = `-${column.key}` as TSort
  if (sort === ascending) return descending
  if (sort === descending) return ascending
  return column.descendingFirst ? descending : ascending
}
