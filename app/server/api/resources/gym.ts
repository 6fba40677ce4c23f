import { gymRoutes } from '~/contracts/api/gyms.routes'
import type { Gym } from '~/contracts/gyms'
import { apiUrl } from '~/lib/api-path'
import { maskNzBankAccount } from '~/lib/nz-bank-account'
import { getProviderConfig, publicProviderSummary } from '~/server/providers/provider-config.server'
import type { GymRow } from '~/server/services/gyms/find-gyms.server'
import { isOnJoinSite, joinSiteMissing } from '~/server/services/gyms/gym-on-join-site.server'

/** A gym as the gyms screens show it: the bank account number masked (it is edited on its own form). */
export function toGymResource(row: GymRow): Gym {
  const account = typeof row.account === 'string' ? JSON.parse(row.account) : row.account
  return {
    id: row.gym.id,
    name: row.gym.name,
    uuid: row.gym.uuid,
    logo: gymLogoUrl(row.gym),
    created_at: row.gym.createdAt.toISOString(),
    staff_count: row.staffCount,
    members_count: row.membersCount,
    role: row.role,
    card_payments: { connected: row.gym.stripeId !== null, charges_enabled: row.gym.stripeChargesEnabled },
    destination_account: account
      ? {
          id: Number(account.id),
          name: String(account.name),
          bank_account_number: maskNzBankAccount(String(account.bank_account_number)),
        }
      : null,
    bank_payers: row.bankPayers,
    join_site: { listed: isOnJoinSite(row.joinSite), missing: joinSiteMissing(row.joinSite) },
    // The process's configuration serves every gym alike today; per gym, so a gym-level choice fits later.
    providers: publicProviderSummary(getProviderConfig()),
    contact: { email: row.gym.contactEmail, phone: row.gym.contactPhone, address: row.gym.address },
  }
}

/**
 * Where a gym's logo is shown from: public (the join site shows it to anyone choosing a gym), by the
 * gym's public uuid, named after the kept file so a new logo is a new address; null while it has none.
 */
export function gymLogoUrl(gym: { uuid: string; logo: string | null }): string | null {
  if (!gym.logo) return null
  const version = gym.logo.slice(gym.logo.lastIndexOf('/') + 1, gym.logo.lastIndexOf('.'))
  return `${apiUrl(gymRoutes.logo, { params: { uuid: gym.uuid } })}?v=${encodeURIComponent(version)}`
}

/** A gym on the join site's "where do you want to join" list. */
export function toJoinGymResource(gym: {
  uuid: string
  name: string
  organisationName: string
  logo: string | null
}) {
  return { uuid: gym.uuid, name: gym.name, organisation_name: gym.organisationName, logo: gymLogoUrl(gym) }
}
