import { staffSorts, staffStatuses } from '~/contracts/staff-filters'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { integer, oneOf, searchParams, text } from '~/lib/search-params'

/** The staff list's filters, sort and page in the address, so a view can be shared and Back works. */
export const staffSearchSchema = searchParams({
  search: text({ max: 200 }),
  status: oneOf(staffStatuses),
  gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
  sort: oneOf(staffSorts),
  page: integer({ min: 1 }),
})
export type StaffSearch = ReturnType<typeof staffSearchSchema>
