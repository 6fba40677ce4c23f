import type { AccountDetails, ContactDetailsRequest, MemberClosureRequest } from '~/contracts/account-details'
import type { findOpenClosure } from '~/server/services/account/closure-requests.server'
import type { AccountDetailsRows } from '~/server/services/account/find-account-details.server'
import type { ContactDetails } from '~/server/services/account/update-contact-details.server'

/** The member's details page (issue 28): no answer is an empty field. */
export function toAccountDetailsResource({ user, closure }: AccountDetailsRows): AccountDetails {
  return {
    name: user.name,
    email: user.email,
    pending_email: user.pendingEmail,
    mobile_number: user.mobileNumber ?? '',
    address: user.address ?? '',
    suburb: user.suburb ?? '',
    city: user.city ?? '',
    post_code: user.postCode ?? '',
    emergency_contact_name: user.emergencyContactName ?? '',
    emergency_contact_relationship: user.emergencyContactRelationship ?? '',
    emergency_contact_mobile_number: user.emergencyContactMobileNumber ?? '',
    emergency_contact_email: user.emergencyContactEmail ?? '',
    closure_request: closure
      ? { requested_at: closure.requestedAt.toISOString(), reason: closure.reason }
      : null,
  }
}

import { fromContactFields } from './register-fields'

export function fromContactDetailsRequest(body: ContactDetailsRequest): ContactDetails {
  return {
    mobileNumber: body.mobile_number,
    ...fromContactFields(body),
  }
}

/** The open request as staff see it; what is owed only for those who see the member's money (ADR 032). */
export function toMemberClosureResource(
  found: Awaited<ReturnType<typeof findOpenClosure>>,
  options: { seesMoney: boolean },
): MemberClosureRequest | null {
  if (!found) return null
  return {
    id: found.request.id,
    requested_at: found.request.requestedAt.toISOString(),
    reason: found.request.reason,
    owing_when_requested: options.seesMoney ? found.request.owingWhenRequested : null,
    owing_now: options.seesMoney ? found.owingNow : null,
  }
}
