/** The price a visitor picked on the gym's page, carried to confirm (local storage, this device). */
export const chosenPriceKey = 'gymbase.join.price'

/**
 * The confirm's idempotency key: one per member, price and start date, kept for the tab's life, so a
 * second press, a retry or a reload sends the same key and the server answers with the same membership.
 */
export function joiningKey(choice: { userId: number; priceId: number; startDate: string }): string {
  const name = `gymbase.join.key.${choice.userId}.${choice.priceId}.${choice.startDate}`
  const kept = window.sessionStorage.getItem(name)
  if (kept) return kept
  const key = crypto.randomUUID()
  window.sessionStorage.setItem(name, key)
  return key
}
