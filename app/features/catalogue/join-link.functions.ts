import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { organisationRoutes } from '~/contracts/api/organisations.routes'
import { toActionResult } from '~/lib/action-result'
import { z } from '~/lib/validation'

/**
 * The join site's one catalogue call, in a file of its own so the sign-up page's bundle doesn't carry
 * the console's catalogue functions.
 */

/** What a join link offers; null when it no longer works (the page says so). */
export const fetchJoinLink = createServerFn({ method: 'GET' })
  .validator(z.object({ token: z.string().min(1).max(100) }))
  .handler(async ({ data }) => {
    const result = await toActionResult(() =>
      api().data(organisationRoutes.joinLink, { params: { token: data.token } }),
    )
    if (result.ok) return { link: result.data, message: null }
    // The API words both cases: a token we never made, and a link that has expired or been used.
    if (result.status === 404) return { link: null, message: result.message }
    throw new Error(result.message)
  })
