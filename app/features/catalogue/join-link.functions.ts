import { apiData } from '~/contracts/api/call'
import { organisationRoutes } from '~/contracts/api/organisations.routes'
import { toActionResult } from '~/lib/action-result'

/**
 * The join site's one catalogue call, in a file of its own so the sign-up page's bundle doesn't carry
 * the console's catalogue functions. It runs where it is called (ADR 048): on the server for a first
 * visit's loader, in the browser straight to `/api`.
 */

/** What a join link offers; null when it no longer works (the page says so). */
export async function fetchJoinLink({ data }: { data: { token: string } }) {
  const result = await toActionResult(() =>
    apiData(organisationRoutes.joinLink, { params: { token: data.token } }),
  )
  if (result.ok) return { link: result.data, message: null }
  // The API words both cases: a token we never made, and a link that has expired or been used.
  if (result.status === 404) return { link: null, message: result.message }
  throw new Error(result.message)
}
