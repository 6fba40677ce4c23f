/**
 * A payment link's token as `randomToken` makes them: 43 base64url characters (anything else is refused
 * as unknown). Apart from `pay.ts`'s schema so the pay page can check one without loading zod (ADR 048).
 */
export const paymentLinkTokenPattern = /^[A-Za-z0-9_-]{20,100}$/

/** What a token we never made (or one cut short) reads as, on the pay page and from the API. */
export const unknownLinkMessage =
  'This payment link doesn’t work. Check it was copied whole, or ask the gym for a new one.'
