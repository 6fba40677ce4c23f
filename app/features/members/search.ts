import { MAX_NOT_VISITED_DAYS, memberFilterStates, memberSorts } from '~/contracts/member-filters'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { calendarDay, integer, oneOf, searchParams, text, yesNo } from '~/lib/search-params'

/** The members list's filters, sort and page in the address, so a view can be shared and Back works. */
export const membersSearchSchema = searchParams(
  {
    search: text({ max: 200 }),
    state: oneOf(memberFilterStates),
    gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
    offering_id: integer({ min: 1, max: MAX_RECORD_ID }),
    tag: text({ max: 60 }),
    joined_from: calendarDay(),
    joined_to: calendarDay(),
    not_visited_days: integer({ min: 1, max: MAX_NOT_VISITED_DAYS }),
    owing: yesNo(),
    sort: oneOf(memberSorts),
    page: integer({ min: 1 }),
  },
  { ranges: [['joined_from', 'joined_to']] },
)
export type MembersSearch = ReturnType<typeof membersSearchSchema>

/** The member's page: which tab, and each list's page. */
export const memberTabs = ['overview', 'payments', 'visits', 'access', 'history'] as const
export type MemberTab = (typeof memberTabs)[number]

export const memberPageSearchSchema = searchParams({
  tab: oneOf(memberTabs),
  page: integer({ min: 1 }),
})
export type MemberPageSearch = ReturnType<typeof memberPageSearchSchema>

/** The activity screen's range in weeks. */
export const activityRanges = [4, 12, 26, 52] as const
export const memberActivitySearchSchema = searchParams({ weeks: integer({ min: 4, max: 104 }) })
export type MemberActivitySearch = ReturnType<typeof memberActivitySearchSchema>

/** The bulk price change: the price whose memberships are listed. */
export const changePriceSearchSchema = searchParams({ from: integer({ min: 1, max: MAX_RECORD_ID }) })
export type ChangePriceSearch = ReturnType<typeof changePriceSearchSchema>
