import { MAX_WEEKS_BACK } from '~/contracts/weeks-back'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { integer, searchParams } from '~/lib/search-params'

/** The debugging screens' search params (plain readers: route definitions load with every page). */

const recordId = integer({ min: 1, max: MAX_RECORD_ID })

export const expectedPaymentsSearchSchema = searchParams({
  gym_id: recordId,
  weeks: integer({ min: 1, max: MAX_WEEKS_BACK }),
})
export type ExpectedPaymentsSearch = ReturnType<typeof expectedPaymentsSearchSchema>

export const activeUserSearchSchema = searchParams({
  gym_id: recordId,
  page: integer({ min: 1 }),
  per_page: integer({ min: 1, max: 100 }),
})
export type ActiveUserSearch = ReturnType<typeof activeUserSearchSchema>
