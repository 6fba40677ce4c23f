import {
  previewQuerySchema,
  previewSchema,
  selfCancelRequestSchema,
  selfPauseRequestSchema,
  selfServiceSchema,
  selfVersionRequestSchema,
} from '~/contracts/account-membership'
import { dataResponse, jsonBody, memberErrors, routeGroup } from './openapi'

const { route } = routeGroup(['Members'], memberErrors)

const answer = {
  200: dataResponse('The membership as it now stands, and what the member may do', selfServiceSchema),
}

/**
 * The member's own membership in their account (issue 28): pause, end a pause, cancel and undo, on the
 * organisation's word (its self-service switches) and by the staff's rules. No id in the path: a member
 * acts only on their own membership.
 */
export const accountMembershipRoutes = {
  selfService: route('get', '/me/membership/self-service', {
    summary: 'What the member may do with their membership now, and on what terms',
    responses: { 200: dataResponse('What they may do', selfServiceSchema) },
  }),
  preview: route('get', '/me/membership/preview', {
    summary: 'What an action would do to the member’s access and next charge, before they confirm it',
    request: { query: previewQuerySchema },
    responses: { 200: dataResponse('The effect in words', previewSchema) },
  }),
  pause: route('post', '/me/membership/pause', {
    summary: 'The member pauses their membership (first and last paused day)',
    request: jsonBody(selfPauseRequestSchema),
    responses: answer,
  }),
  endPause: route('post', '/me/membership/end-pause', {
    summary: 'The member ends their pause today, or withdraws one still ahead',
    request: jsonBody(selfVersionRequestSchema),
    responses: answer,
  }),
  cancel: route('post', '/me/membership/cancel', {
    summary:
      'The member cancels at the end of the period (or as their term’s rules say); a reason is optional',
    request: jsonBody(selfCancelRequestSchema),
    responses: answer,
  }),
  undoCancellation: route('post', '/me/membership/undo-cancellation', {
    summary: 'The member undoes their cancellation while it has not taken effect',
    request: jsonBody(selfVersionRequestSchema),
    responses: answer,
  }),
}
