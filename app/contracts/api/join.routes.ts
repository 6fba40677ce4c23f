import { joinOfferingSchema } from '~/contracts/join'
import { z } from '~/lib/validation'
import { dataResponse, errorResponses, routeGroup } from './openapi'

/** The join site's public reads: what a visitor sees before signing up (issue 14). */
const { route } = routeGroup(['Join'], { 404: errorResponses[404] })

export const joinRoutes = {
  offerings: route('get', '/join/gyms/{uuid}/offerings', {
    summary: 'What a gym sells: its offerings with their public prices, before a visitor’s details',
    request: { params: z.object({ uuid: z.uuid() }) },
    responses: {
      200: dataResponse('Offerings on sale at the gym', z.array(joinOfferingSchema)),
    },
  }),
}
