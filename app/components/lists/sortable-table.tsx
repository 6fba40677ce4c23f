import { type ColumnDef, flexRender, type RowData, tableFeatures, useTable } from '@tanstack/react-table'
import { ArrowDown, ArrowUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Cell, Column, Row, Table, TableBody, TableFrame, TableHeader } from '~/components/ui/table'

/**
 * The console's lists (members, payments, visits, staff, offerings, gyms): TanStack Table renders the
 * columns into the accessible table of `components/ui/table`; in a server-sorted list a sortable
 * column's header is a link to the same list sorted by it (the sort lives in the address), with
 * `aria-sort` on the current one.
 */
export const listFeatures = tableFeatures({})
export type ListFeatures = typeof listFeatures

export interface ListColumnMeta {
  align?: 'end'
  /**
   * Columns phones (`md`: and small tablets; `lg`: and tablets) do without, so the list reads at
   * 390 px without scrolling sideways.
   */
  hideBelow?: 'sm' | 'md' | 'lg'
  /** The sort this column's header toggles (ascending first, or descending first for dates/money). */
  sort?: { key: string; descendingFirst?: boolean }
}

export function SortableTable<TRow extends RowData & { id: number }, TSort extends string>(props: {
  label: string
  columns: ColumnDef<ListFeatures, TRow>[]
  rows: TRow[]
  /** The list's sort, and a link to the list sorted another way (page 1) holding `children`. */
  sort?: { current: TSort; link: (sort: TSort, children: ReactNode) => ReactNode }
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
            const sort = meta?.sort && props.sort ? { ...props.sort, column: meta.sort } : undefined
            const current = sort ? sortDirection(sort.current, sort.column.key) : undefined
            return (
              <Column
                key={header.id}
                align={meta?.align === 'end' ? 'end' : 'start'}
                className={hiddenBelow(meta)}
                aria-sort={current ?? (sort ? 'none' : undefined)}
              >
                {sort
                  ? sort.link(
                      nextSort(sort.current, sort.column),
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
                    className={hiddenBelow(meta)}
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

const hiddenBelowClass = {
  sm: 'hidden sm:table-cell',
  md: 'hidden md:table-cell',
  lg: 'hidden lg:table-cell',
} as const

function hiddenBelow(meta: ListColumnMeta | undefined): string | undefined {
  return meta?.hideBelow ? hiddenBelowClass[meta.hideBelow] : undefined
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
