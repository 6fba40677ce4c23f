import * as z from 'zod/mini'
import { MAX_RECORD_ID } from '~/lib/record-id'

/**
 * The debugging screens' search params, in zod's tree-shakable build: route definitions load with
 * every page (the join site's included), so their schemas must not pull in the full zod (see
 * `app/lib/search.ts`).
 */
/** How many weeks back the expected-payments screen reaches. */
export const MAX_WEEKS_BACK = 104

const recordId = z.int().check(z.positive(), z.maximum(MAX_RECORD_ID))

export const expectedPaymentsSearchSchema = z.object({
  gym_id: z.catch(z.optional(recordId), undefined),
  weeks: z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(MAX_WEEKS_BACK))), undefined),
})
export type ExpectedPaymentsSearch = z.infer<typeof expectedPaymentsSearchSchema>

export const activeUserSearchSchema = z.object({
  gym_id: z.catch(z.optional(recordId), undefined),
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
  per_page: z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(100))), undefined),
})
export type ActiveUserSearch = z.infer<typeof activeUserSearchSchema>
