/**
 * A payment link's token as `randomToken` makes them: 43 base64url characters (anything else is refused
 * as unknown). Apart from `pay.ts`'s schema so the pay page can check one without loading zod (ADR 048).
 */
export const paymentLinkTokenPattern = /^[A-Za-z0-9_-]{20,100}$/
