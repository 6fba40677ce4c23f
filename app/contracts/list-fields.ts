import { z } from '~/lib/validation'

/**
 * Pieces the lists' schemas share: the page of a query string, a yes/no filter, and the `{ id, name }`
 * a row names.
 */

/** `?page=&per_page=`: at most 100 rows a page, `perPage` when the query does not say. */
export const pageFields = (perPage = 25) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(perPage),
})

/** `"true"` or `"false"` in a query string, as a boolean. */
export const yesNo = z.enum(['true', 'false']).transform((value) => value === 'true')

/** A member, gym or offering as a row names it. */
export const namedSchema = z.object({ id: z.number().int(), name: z.string() })
