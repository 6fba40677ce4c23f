import type { JoinLink } from '~/contracts/catalogue'
import type { UsableJoinLink } from '~/server/services/join-links/find-usable-join-link.server'

/** What a usable join link offers, as the join site's sign-up form shows it. */
export function toJoinLinkResource(link: UsableJoinLink): JoinLink {
  if (link.kind === 'age_bypass')
    return { organisation_name: link.organisationName, age_bypass: true, gym: null, price: null }
  const { price } = link
  return {
    organisation_name: link.organisationName,
    age_bypass: link.ageBypass,
    gym: price.gym ? { uuid: price.gym.uuid, name: price.gym.name } : null,
    price: {
      id: price.id,
      offering_name: link.offering.name,
      amount: price.amount,
      billing_frequency: price.billingFrequency,
      joining_fee: price.joiningFee,
    },
  }
}
