import {
  MAX_FILTER_AMOUNT,
  paymentFilterStatuses,
  paymentFilterTypes,
  paymentSorts,
} from '~/contracts/payment-filters'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { calendarDay, integer, oneOf, searchParams, text, yesNo } from '~/lib/search-params'

/** The payments list's filters, sort and page in the address, so a view can be shared and Back works. */
export const paymentsSearchSchema = searchParams(
  {
    search: text({ max: 200 }),
    status: oneOf(paymentFilterStatuses),
    type: oneOf(paymentFilterTypes),
    gym_id: integer({ min: 1, max: MAX_RECORD_ID }),
    due_from: calendarDay(),
    due_to: calendarDay(),
    retries: yesNo(),
    amount_min: integer({ min: 0, max: MAX_FILTER_AMOUNT }),
    amount_max: integer({ min: 0, max: MAX_FILTER_AMOUNT }),
    sort: oneOf(paymentSorts),
    page: integer({ min: 1 }),
  },
  {
    ranges: [
      ['due_from', 'due_to'],
      ['amount_min', 'amount_max'],
    ],
  },
)
export type PaymentsSearch = ReturnType<typeof paymentsSearchSchema>
