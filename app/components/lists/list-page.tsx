import type { ColumnDef, RowData } from '@tanstack/react-table'
import type { LucideIcon } from 'lucide-react'
import type { ComponentType, ReactNode } from 'react'
import { ExportCsvButton, type ExportRoute } from '~/components/lists/export-csv-button'
import {
  FilterToolbar,
  hasListFilters,
  type ListNavigate,
  type ListSearch,
  withoutFilters,
} from '~/components/lists/filter-toolbar'
import type { ListFilter } from '~/components/lists/list-filters'
import { ListFooter, type PageMeta } from '~/components/lists/list-footer'
import { type ListFeatures, SortableTable, sortLinkClass } from '~/components/lists/sortable-table'
import { Page } from '~/components/page'
import { Card } from '~/components/ui/card'
import { TextButton } from '~/components/ui/text-button'

/** A link to the same list at another address (sorted, paged): the screen draws it with its typed route. */
export interface ListLinkProps<S> {
  search: S
  className: string
  disabled?: boolean
  children: ReactNode
}

/** What an empty list says: a title and what to do next, with the list's icon. */
export interface ListEmptyState {
  icon?: LucideIcon
  title: string
  text: ReactNode
}

/**
 * One console list (rule 11, issue 27): the page header with the list's export and the screen's
 * actions, the filter toolbar (filters in the address), totals, the rows as a sortable table (or the
 * screen's own drawing of them), an empty state, and the footer with the count and the pages. A screen
 * gives only its columns, filters, sorts, totals and its query's page.
 */
export function ListPage<
  S extends ListSearch,
  R extends RowData & { id: number },
  TSort extends string,
>(props: {
  title: string
  description: ReactNode
  /** The screen's own actions (Add member), after the export. */
  actions?: ReactNode
  noun: { one: string; many: string }
  /** The list's address: filters, sort and page. */
  search: S
  /** Draws a link to the list at another address (`<Link to="/console/members" {...link} />`). */
  link?: (link: ListLinkProps<S>) => ReactNode
  /** The toolbar's filters, written into the address with `navigate`; `text` labels the text filter. */
  filters?: { navigate: ListNavigate<S>; text?: string; fields: Array<ListFilter<S>> }
  /** Above the rows in place of a filter toolbar (the offerings' Active / Archived tabs). */
  toolbar?: ReactNode
  /** The filtered set's figures, between the toolbar and the rows. */
  totals?: ReactNode
  /** The query's answer: this page's rows and, for a paged list, where it stands (the footer). */
  page: { data: R[]; meta?: PageMeta }
  /** The list's export route (`memberRoutes.export`): an Export CSV button before the actions. */
  exportRoute?: ExportRoute
  /** The table's columns and its sort (the current one, its default filled in). */
  columns?: Array<ColumnDef<ListFeatures, R>>
  sort?: TSort
  /** What the columns' cells read besides their row (the members list's state filter). */
  tableMeta?: Record<string, unknown>
  /** Around the table (the payments' failed-payment dialog). */
  tableFrame?: ComponentType<{ children: ReactNode }>
  /** The rows drawn otherwise than as a table (the webhooks' event cards). */
  renderRows?: (rows: R[]) => ReactNode
  /** No rows and no filters; without it an empty list is an empty table. */
  empty?: ListEmptyState
  /**
   * No rows for these filters: "No members match these filters" and a way back to every record,
   * unless the screen says otherwise.
   */
  noMatches?: Partial<ListEmptyState>
  /** Whether filters narrow the list (the address's filters and text unless the screen says). */
  filtered?: boolean
}) {
  const { search, link, noun, page } = props
  const exportButton = props.exportRoute ? (
    <ExportCsvButton route={props.exportRoute} filters={search} total={page.meta?.total ?? 0} noun={noun} />
  ) : null
  const actions =
    exportButton && props.actions ? (
      <>
        {exportButton}
        {props.actions}
      </>
    ) : (
      (exportButton ?? props.actions)
    )
  return (
    <Page title={props.title} description={props.description} actions={actions}>
      <div className="flex flex-col gap-4">
        {props.filters ? (
          <FilterToolbar
            search={search}
            navigate={props.filters.navigate}
            textLabel={props.filters.text}
            filters={props.filters.fields}
          />
        ) : (
          props.toolbar
        )}
        {props.totals}
        {page.data.length === 0 && props.empty ? (
          <EmptyList
            {...((props.filtered ?? hasListFilters(search))
              ? noMatchesOf(props, () =>
                  props.filters?.navigate(withoutFilters(search, { keepSort: false }), false),
                )
              : props.empty)}
          />
        ) : (
          <Rows {...props} />
        )}
        {page.meta && link ? (
          <ListFooter
            meta={page.meta}
            noun={noun}
            pageLink={(pageLink) =>
              link({
                search: { ...search, page: pageLink.page },
                disabled: pageLink.disabled,
                className: pageLink.className,
                children: pageLink.children,
              })
            }
          />
        ) : null}
      </div>
    </Page>
  )
}

function Rows<S extends ListSearch, R extends RowData & { id: number }, TSort extends string>(props: {
  title: string
  search: S
  link?: (link: ListLinkProps<S>) => ReactNode
  page: { data: R[] }
  columns?: Array<ColumnDef<ListFeatures, R>>
  sort?: TSort
  tableMeta?: Record<string, unknown>
  tableFrame?: ComponentType<{ children: ReactNode }>
  renderRows?: (rows: R[]) => ReactNode
}) {
  const { search, link, sort } = props
  if (!props.columns) return props.renderRows?.(props.page.data)
  const table = (
    <SortableTable
      label={props.title}
      columns={props.columns}
      rows={props.page.data}
      meta={props.tableMeta}
      sort={
        sort !== undefined && link
          ? {
              current: sort,
              link: (next, children) =>
                link({
                  search: { ...search, sort: next, page: undefined },
                  className: sortLinkClass,
                  children,
                }),
            }
          : undefined
      }
    />
  )
  const Frame = props.tableFrame
  return Frame ? <Frame>{table}</Frame> : table
}

/** The empty state for filters that match nothing: the screen's words, else the usual ones. */
function noMatchesOf(
  props: { noun: { one: string; many: string }; empty?: ListEmptyState; noMatches?: Partial<ListEmptyState> },
  showEvery: () => void,
): ListEmptyState {
  return {
    icon: props.noMatches?.icon ?? props.empty?.icon,
    title: props.noMatches?.title ?? `No ${props.noun.many} match these filters`,
    text: props.noMatches?.text ?? (
      <>
        Try fewer filters, or <TextButton onPress={showEvery}>{`show every ${props.noun.one}`}</TextButton>.
      </>
    ),
  }
}

function EmptyList(props: ListEmptyState) {
  const Icon = props.icon
  const words = (
    <>
      <p className="font-medium text-slate-900">{props.title}</p>
      <p className="mt-1 text-slate-600 text-sm">{props.text}</p>
    </>
  )
  return (
    <Card>
      {Icon ? (
        <div className="flex items-start gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
          <div>{words}</div>
        </div>
      ) : (
        words
      )}
    </Card>
  )
}
