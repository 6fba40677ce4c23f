import { SlidersHorizontal, X } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { Button, buttonStyles } from '~/components/ui/button'
import { TextField } from '~/components/ui/text-field'

/** How many filters narrow a list (its sort, page and text don't count here). */
export function activeFilterCount(search: Record<string, unknown>): number {
  const { sort: _sort, page: _page, search: _text, ...filters } = search
  return Object.values(filters).filter((value) => value !== undefined).length
}

/** Whether any filter, the text included, narrows a list. */
export function hasListFilters(search: Record<string, unknown>): boolean {
  return activeFilterCount(search) > 0 || search.search !== undefined
}

/**
 * A list's filter toolbar (members, payments, visits): the text field first; the other filters
 * (`children`) in a grid that folds away behind "Filters (n)" on a phone, so the list is on the first
 * screen; "Clear filters" while any filter narrows the list.
 */
export function FilterToolbar(props: {
  search: Record<string, unknown>
  textLabel: string
  text: string
  onTextChange: (text: string) => void
  onClear: () => void
  children: ReactNode
}) {
  const panelId = useId()
  const [showAll, setShowAll] = useState(false)
  const active = activeFilterCount(props.search)
  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex items-end gap-3">
        <TextField
          label={props.textLabel}
          type="search"
          value={props.text}
          onChange={props.onTextChange}
          maxLength={200}
          className="min-w-0 flex-1 sm:max-w-md"
        />
        <ToggleButton
          isSelected={showAll}
          onChange={setShowAll}
          aria-controls={panelId}
          aria-expanded={showAll}
          className={buttonStyles({ variant: 'secondary', className: 'sm:hidden' })}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </ToggleButton>
      </div>
      <div
        id={panelId}
        className={`${showAll ? 'grid' : 'hidden'} gap-3 sm:grid sm:grid-cols-2 lg:grid-cols-4`}
      >
        {props.children}
      </div>
      {hasListFilters(props.search) ? (
        <div>
          <Button variant="quiet" size="sm" onPress={props.onClear}>
            <X aria-hidden="true" className="size-4" />
            Clear filters
          </Button>
        </div>
      ) : null}
    </section>
  )
}
