import { queryRecordId, z } from '~/lib/validation'

/** The console shell's calls (SPEC §2.4, §7): global search and the gym switcher. */

/** How many members one search answers with (the search's SQL function, migration 0009, has it too). */
export const SEARCH_LIMIT = 10
/** SPEC §9: the search waits this long after the last key press. */
export const SEARCH_DEBOUNCE_MS = 600

/**
 * The longest search: no name or e-mail address a person looks for is longer. The search box stops
 * taking characters there, so nobody types into a search that will be refused.
 */
export const SEARCH_MAX_LENGTH = 100

export const searchRequestSchema = z.object({ query: z.string().trim().min(1).max(SEARCH_MAX_LENGTH) })
export type SearchRequest = z.infer<typeof searchRequestSchema>

export const searchResultSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** The member's photo (the join flow's take-photo), for staff to recognise them; null without one. */
  profile_picture: z.string().nullable(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const gymIdParamsSchema = z.object({ id: queryRecordId })

/** SPEC §2.4's empty result, word for word. */
export function noResultsText(query: string) {
  return `No results found for "${query}"`
}
