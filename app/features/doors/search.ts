import { MAX_RECORD_ID } from '~/lib/record-id'
import { integer, searchParams } from '~/lib/search-params'

/** The tap page's gym, door and (when opened from a member's page) who taps, in the address. */
export const tapSearchSchema = searchParams({
  gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
  door_id: integer({ min: 1, max: MAX_RECORD_ID }),
  member_id: integer({ min: 1, max: MAX_RECORD_ID }),
})
export type TapSearch = ReturnType<typeof tapSearchSchema>
