import { accountCostsRoutes } from '~/contracts/api/account-costs.routes'
import { apiData } from '~/contracts/api/call'
import { withScreenErrors } from '~/lib/screen-errors'

/** The member's costs (issue 28 point 2): the year ahead, this year's payments, the weeks' visits. */
export function fetchAccountCosts() {
  return withScreenErrors(() => apiData(accountCostsRoutes.show))
}
