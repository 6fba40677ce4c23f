import { useEffect, useRef } from 'react'

/**
 * A list toolbar's filters, each written into the address (the page back to 1). The address changes only
 * once the new list has loaded, so a filter set before then would be built on the old one and checked
 * against it: here it builds on what was applied last, and `latest` is what the range checks read. A
 * person typing "from", Enter, "to", Enter at speed neither loses the first nor slips past a check.
 */
export function useAppliedSearch<Search extends { page?: number | undefined; search?: string | undefined }>(
  search: Search,
  go: (next: Search, replace: boolean) => unknown,
) {
  const latest = useRef(search)
  // The address moved (a list loaded, Back, a link): that is what is applied now.
  useEffect(() => {
    latest.current = search
  }, [search])
  return {
    latest: () => latest.current,
    /** The address `change` makes of the one applied last. */
    apply: (change: (applied: Search) => Search, replace = false) => {
      latest.current = { ...change(latest.current), page: undefined }
      return go(latest.current, replace)
    },
  }
}
