import { accountOverviewSchema } from '~/contracts/account'
import { dataResponse, memberErrors, routeGroup } from './openapi'

const { route } = routeGroup(['Members'], memberErrors)

/** The member's own account on the join site (issue 28). */
export const accountRoutes = {
  overview: route('get', '/me/account', {
    summary:
      'The member’s account: membership in words, what is owed and why, door access, the gym’s contact',
    responses: { 200: dataResponse('The account', accountOverviewSchema) },
  }),
}
