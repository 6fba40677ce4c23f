import { visitSorts } from '~/contracts/visit-filters'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { calendarDay, integer, oneOf, searchParams, text, yesNo } from '~/lib/search-params'

/** The visits list's filters, sort and page in the address, so a view can be shared and Back works. */
export const visitsSearchSchema = searchParams(
  {
    search: text({ max: 200 }),
    gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
    from: calendarDay(),
    to: calendarDay(),
    successful: yesNo(),
    sort: oneOf(visitSorts),
    page: integer({ min: 1 }),
  },
  { ranges: [['from', 'to']] },
)
export type VisitsSearch = ReturnType<typeof visitsSearchSchema>
