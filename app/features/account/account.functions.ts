import { accountRoutes } from '~/contracts/api/account.routes'
import { apiData } from '~/contracts/api/call'
import { withScreenErrors } from '~/lib/screen-errors'

/** The account's overview (issue 28), through the API where it is called (ADR 048). */
export function fetchAccountOverview() {
  return withScreenErrors(() => apiData(accountRoutes.overview))
}
