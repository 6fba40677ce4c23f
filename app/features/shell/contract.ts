import { z } from '~/lib/validation'

/** The console shell's calls (SPEC §2.4, §7): global search and the gym switcher. */

/** How many members one search answers with (the search's SQL function, migration 0009, has it too). */
export const SEARCH_LIMIT = 10
/** SPEC §9: the search waits this long after the last key press. */
export const SEARCH_DEBOUNCE_MS = 600

export const searchRequestSchema = z.object({ query: z.string().trim().min(1).max(100) })
export type SearchRequest = z.infer<typeof searchRequestSchema>

export const searchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const gymIdParamsSchema = z.object({ id: z.coerce.number().int().positive() })

/** SPEC §2.4's empty result, word for word. */
export function noResultsText(query: string) {
  return `No results found for "${query}"`
}
