import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Search } from 'lucide-react'
import { type RefObject, useContext, useEffect, useRef, useState } from 'react'
import {
  ComboBox,
  ComboBoxStateContext,
  Input,
  type Key,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components'
import { useDebouncedValue } from '~/components/lists/use-debounced-value'
import { MemberPhoto } from '~/components/member-photo'
import { useTextTypedBeforeLoad } from '~/components/ui/before-load'
import { Spinner } from '~/components/ui/spinner'
import { toast } from '~/components/ui/toast'
import { noResultsText, SEARCH_DEBOUNCE_MS, SEARCH_MAX_LENGTH, type SearchResult } from '~/contracts/shell'
import { searchMembers } from './shell.functions'

/**
 * SPEC §2.4's global search: a combo box with the placeholder "Search", asking `POST /api/search` once
 * typing has paused for 600 ms. Each result shows name and e-mail; choosing one (mouse, or arrows and
 * Enter) opens the member. Nothing found reads `No results found for "{query}"`.
 */
/** One empty list for every render: a new array each time would look like new results and reopen the list. */
const noResults: SearchResult[] = []

export function GlobalSearch() {
  const navigate = useNavigate()
  const [input, setInput] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  useTextTypedBeforeLoad(inputRef, setInput)
  const query = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS)
  const typing = input.trim() !== query
  const search = useQuery({
    queryKey: ['search', query],
    queryFn: () => searchMembers({ data: { query } }),
    enabled: query.length > 0,
    staleTime: 30_000,
    retry: false,
  })
  const failure = search.error
  useEffect(() => {
    if (failure) toast.error(failure instanceof Error ? failure.message : 'The search failed.')
  }, [failure])

  const items = query.length > 0 && !typing ? (search.data ?? noResults) : noResults
  const busy = input.trim().length > 0 && (typing || search.isFetching)

  function open(key: Key | null) {
    if (key === null) return
    setInput('')
    navigate({ to: '/console/members/$id', params: { id: Number(key) } })
  }

  return (
    <ComboBox
      aria-label="Search members"
      items={items}
      inputValue={input}
      onInputChange={setInput}
      onSelectionChange={open}
      selectedKey={null}
      menuTrigger="input"
      allowsEmptyCollection={input.trim().length > 0}
      className="relative w-full max-w-md min-w-0"
    >
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          ref={inputRef}
          maxLength={SEARCH_MAX_LENGTH}
          // Escape clears the box, which also closes the list (a search box's usual behaviour).
          onKeyDown={(event) => {
            if (event.key === 'Escape') setInput('')
          }}
          placeholder="Search"
          className={[
            'h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white pr-9 pl-9 text-base text-slate-900',
            'shadow-xs outline-0 placeholder:text-slate-500 sm:text-sm',
            'focus:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600 focus-visible:outline-offset-0',
            '[&::-webkit-search-cancel-button]:hidden',
          ].join(' ')}
        />
        {busy ? (
          <span className="absolute top-1/2 right-3 -translate-y-1/2">
            <Spinner size="sm" aria-label="Searching" />
          </span>
        ) : null}
      </div>
      <OpenWhenAnswered inputRef={inputRef} answer={query.length > 0 && !typing ? search.data : undefined} />
      <Popover
        placement="bottom start"
        className="w-(--trigger-width) min-w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white shadow-lg outline-none"
      >
        <ListBox
          className="max-h-80 overflow-auto p-1 outline-none"
          // While the box waits for typing to pause, or for the answer, nothing has been found yet.
          renderEmptyState={() => (
            <p className="break-words px-3 py-2 text-slate-600 text-sm">
              {busy ? 'Searching…' : noResultsText(query)}
            </p>
          )}
        >
          {(member: SearchResult) => (
            <ListBoxItem
              id={member.id}
              textValue={member.name}
              className={({ isFocused }) =>
                `flex cursor-pointer items-center gap-3 rounded px-3 py-2 text-sm outline-none ${
                  isFocused ? 'bg-accent-50 text-accent-900' : 'text-slate-900'
                }`
              }
            >
              <MemberPhoto url={member.profile_picture} name={member.name} />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium">{member.name}</span>
                <span className="truncate text-slate-600 text-xs">{member.email}</span>
              </span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

/**
 * Opens the list when an answer arrives while the box has the focus. The combo box opens it itself
 * when the text changes, but only if it saw the box take the focus: typing that React replays once the
 * page's code has run (text typed while it loaded) changes the text with the list left shut.
 */
function OpenWhenAnswered(props: {
  inputRef: RefObject<HTMLInputElement | null>
  answer: SearchResult[] | undefined
}) {
  const { inputRef, answer } = props
  // Read through a ref: the state object is new on every render, the answer is what should trigger.
  const state = useContext(ComboBoxStateContext)
  const stateRef = useRef(state)
  stateRef.current = state
  useEffect(() => {
    const state = stateRef.current
    if (!state || answer === undefined || state.isOpen) return
    if (document.activeElement !== inputRef.current) return
    if (!state.isFocused) state.setFocused(true)
    // Each answer once: not again after the list was closed (Escape, a click elsewhere).
    state.open(null, 'input')
  }, [answer, inputRef])
  return null
}
