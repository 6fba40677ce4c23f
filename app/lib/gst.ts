/**
 * New Zealand GST is 15% on top of a price, so the GST inside a GST-inclusive amount is 3/23 of it.
 * Integer cents, rounded half up (half a cent away from zero for a refund): the one rounding rule for
 * every receipt, e-mail and CSV that states GST.
 */
export function gstContent(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents)) throw new RangeError(`Not whole cents: ${amountCents}`)
  if (amountCents < 0) return -gstContent(-amountCents)
  return Math.floor((2 * amountCents * 3 + 23) / (2 * 23))
}
