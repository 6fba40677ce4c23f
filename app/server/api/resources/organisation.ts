import type { AgeBypassLinkRow } from '~/server/services/organisations/find-organisation.server'
import type { OrganisationRow } from '~/server/services/organisations/update-organisation-settings.server'
import type { WebhookEventRow } from '~/server/services/webhooks/find-webhook-events.server'
import { redactPayload } from '~/server/webhooks/redact-payload'
import { publicSiteUrl } from '../request-info'

/** The organisation and its settings as the API answers them. */
export function toOrganisationResource(row: OrganisationRow) {
  return {
    id: row.id,
    name: row.name,
    multi_gym: row.multiGym,
    offering_permissions: {
      enable_offerings: row.enableOfferings,
      non_stop: row.nonStop,
      limited_access: row.limitedAccess,
    },
    price_frequencies: row.priceFrequencies,
    failed_payment_grace_period: row.failedPaymentGracePeriod,
    failed_payment_grace_period_unit: row.failedPaymentGracePeriodUnit,
    term_membership_grace_period: row.termMembershipGracePeriod,
    term_membership_grace_period_unit: row.termMembershipGracePeriodUnit,
    price_rise_notice_days: row.priceRiseNoticeDays,
    legal_name: row.legalName,
    gst_number: row.gstNumber,
    self_service: {
      members_may_pause_online: row.membersMayPauseOnline,
      members_may_cancel_online: row.membersMayCancelOnline,
    },
  }
}

/** An age-bypass link: its join-site address and whether it was used. */
export function toAgeBypassLinkResource(link: AgeBypassLinkRow) {
  return {
    id: link.id,
    url: publicSiteUrl('join', `/?${new URLSearchParams({ link: link.token })}`),
    created_at: link.createdAt.toISOString(),
    used_at: link.usedAt?.toISOString() ?? null,
  }
}

/** A webhook as received, for the settings screen's log. */
export function toWebhookEventResource(row: WebhookEventRow) {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.type,
    received_at: row.receivedAt.toISOString(),
    processed_at: row.processedAt?.toISOString() ?? null,
    error: row.error,
    payload: redactPayload(row.payload),
  }
}
