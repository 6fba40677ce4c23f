import { queryOptions } from '@tanstack/react-query'

/**
 * A list screen's query: keyed by its area and its address (filters, sort, page), reading the page the
 * address names (the first when it names none).
 */
export function listQuery<const A extends string, S extends { page?: number }, T>(
  area: A,
  search: S,
  fetch: (data: S & { page: number }) => Promise<T>,
) {
  return queryOptions({
    queryKey: [area, 'list', search] as const,
    queryFn: () => fetch({ ...search, page: search.page ?? 1 }),
  })
}
