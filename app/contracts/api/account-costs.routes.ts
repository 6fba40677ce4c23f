import { accountCostsSchema } from '~/contracts/account-costs'
import { dataResponse, errorResponses, routeGroup } from './openapi'

const { route } = routeGroup(['Members'], { 401: errorResponses[401], 403: errorResponses[403] })

/** The member's own account: what their membership costs, ahead and so far (issue 28 point 2). */
export const accountCostsRoutes = {
  show: route('get', '/me/account/costs', {
    summary: 'What the member’s membership costs: the next twelve months, this year, per visit',
    description:
      'The charges of the next twelve months as the billing engine will take them (each is the next ' +
      'charge after the one before: pauses, a scheduled price change, the card surcharge and the ' +
      'membership’s end applied as the engine applies them), with the pauses, price change, term end ' +
      'and membership end on the way; the total paid this calendar year (Pacific/Auckland); and the ' +
      'last 12 weeks’ visits and cost per visit, as the console’s member page shows them. The signed-in ' +
      'member only; staff are refused.',
    responses: { 200: dataResponse('The costs', accountCostsSchema) },
  }),
}
