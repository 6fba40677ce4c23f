import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { ReactNode } from 'react'
import { buttonStyles } from '~/components/ui/button'

export interface PageMeta {
  current_page: number
  last_page: number
  from: number | null
  to: number | null
  total: number
}

export interface PageLinkProps {
  page: number
  disabled: boolean
  className: string
  children: ReactNode
}

/**
 * Under a paged list: "26–50 of 321 members" (announced as it changes) and the links to the pages
 * either side. `pageLink` draws one link (the screen's typed route and search); the words on them can be
 * the list's own ("Newer" / "Older" for a history).
 */
export function ListFooter(props: {
  meta: PageMeta
  noun: { one: string; many: string }
  pageLink: (link: PageLinkProps) => ReactNode
  previous?: string
  next?: string
}) {
  const { meta, noun } = props
  const className = buttonStyles({ variant: 'secondary', size: 'sm' })
  return (
    <footer className="flex flex-wrap items-center justify-between gap-3 text-slate-600 text-sm">
      <p aria-live="polite">
        {meta.total === 0
          ? `No ${noun.many}`
          : `${meta.from}–${meta.to} of ${meta.total.toLocaleString('en-NZ')} ${meta.total === 1 ? noun.one : noun.many}`}
      </p>
      {meta.last_page > 1 ? (
        <nav aria-label="Pages" className="flex gap-2">
          {props.pageLink({
            page: meta.current_page - 1,
            disabled: meta.current_page <= 1,
            className,
            children: (
              <>
                <ChevronLeft aria-hidden="true" className="size-4" />
                {props.previous ?? 'Previous'}
              </>
            ),
          })}
          {props.pageLink({
            page: meta.current_page + 1,
            disabled: meta.current_page >= meta.last_page,
            className,
            children: (
              <>
                {props.next ?? 'Next'}
                <ChevronRight aria-hidden="true" className="size-4" />
              </>
            ),
          })}
        </nav>
      ) : null}
    </footer>
  )
}
