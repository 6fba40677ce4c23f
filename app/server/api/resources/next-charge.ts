import type { NextChargeAnswer } from '~/contracts/next-charge-words'
import type { NextCharge } from '~/server/billing/next-charge'

/** A next charge as the API gives it; amounts left out for staff who may not see money (ADR 014). */
export function toNextChargeResource(
  charge: NextCharge | null,
  options: { seesMoney: boolean } = { seesMoney: true },
): NextChargeAnswer | null {
  if (!charge) return null
  const money = options.seesMoney
  return {
    on: charge.on,
    amount: money ? charge.amount : null,
    surcharge: money ? charge.surcharge : null,
    total: money ? charge.total : null,
    kind: charge.kind,
    new_price: charge.newPrice,
  }
}
