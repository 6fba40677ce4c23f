/**
 * New Zealand GST is 15% on top of a price, so a GST-inclusive amount holds 15/115 = 3/23 of itself as
 * GST. In integer cents, rounded half up (IRD: a half cent rounds up).
 */
export function gstContent(amountCents: number): number {
  if (!Number.isSafeInteger(amountCents))
    throw new RangeError(`${amountCents} is not a whole number of cents`)
  return Math.floor((6 * amountCents + 23) / 46)
}
