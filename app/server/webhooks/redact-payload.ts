/**
 * A provider's event body fit to show on the webhooks screen: values under keys that hold secrets,
 * tokens or card data are replaced, whatever their depth (a Stripe PaymentMethod's `card`, a
 * SetupIntent's `client_secret`, an Akahu token). What is left is ids, types, statuses and amounts.
 */
const removedKeys =
  /secret|token|password|signature|^card$|^number$|^cvc|^exp_|fingerprint|^last4$|^iin$|^bank_account$|^account_number$|^routing_number$|^email$|^phone$|^address$|^billing_details$|^name$|^actor_name$|^actor_email$/i

export const removed = '[removed]'

export function redactPayload(value: unknown, depth = 0): unknown {
  if (depth > 20) return removed
  if (Array.isArray(value)) return value.map((item) => redactPayload(item, depth + 1))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        removedKeys.test(key) && item !== null ? removed : redactPayload(item, depth + 1),
      ]),
    )
  }
  return value
}
