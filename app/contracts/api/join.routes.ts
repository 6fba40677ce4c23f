import { joinOfferingSchema } from '~/contracts/join'
import { z } from '~/lib/validation'
import { dataEnvelope } from './envelope'
import { createRoute, errorResponses, jsonResponse } from './openapi'

/** The join site's public reads: what a visitor sees before signing up (issue 14). */
const tags = ['Join']

export const joinRoutes = {
  offerings: createRoute({
    method: 'get',
    path: '/join/gyms/{uuid}/offerings',
    tags,
    summary: 'What a gym sells: its offerings with their public prices, before a visitor’s details',
    request: { params: z.object({ uuid: z.uuid() }) },
    responses: {
      200: jsonResponse('Offerings on sale at the gym', dataEnvelope(z.array(joinOfferingSchema))),
      404: errorResponses[404],
    },
  }),
}
