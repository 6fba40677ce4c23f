import { createHash } from 'node:crypto'

/**
 * What a bank statement line may hold (PROVIDERS.md §2): Akahu takes only `A–Z a–z 0–9 space - _` in
 * the particulars, code and reference fields, at most 12 characters each, and refuses the whole payment
 * otherwise. Names in a gym's or member's own spelling are made to fit rather than refused: macrons and
 * other accents lose their marks (Māori → Maori), every other character outside the set becomes a space,
 * runs of spaces become one, and what is left is cut to 12 and trimmed. Null when nothing is left, so the
 * field is left out rather than sent empty.
 */
export const AKAHU_PCR_MAX_LENGTH = 12

export const AKAHU_PCR_PATTERN = /^[A-Za-z0-9 _-]{1,12}$/

export function akahuStatementField(value: string | null | undefined): string | null {
  if (!value) return null
  const fitted = value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 _-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, AKAHU_PCR_MAX_LENGTH)
    .trim()
  return fitted === '' ? null : fitted
}

/**
 * The tag of one idempotency key, written in the payment's destination `code` so the payment can be
 * found again by its key (Akahu has no look-up by key): `GB` and ten characters of the key's SHA-256,
 * in the field's own alphabet. The same key always gives the same tag.
 */
export function akahuKeyTag(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 10).toUpperCase()
  return `GB${digest}`
}

/**
 * The statement fields of one membership payment:
 * - the member's statement (`source`) names the gym (reference) and what it is for (code);
 * - the gym's statement (`destination`) names the member (particulars), the payment (reference,
 *   `GB` and its id) and carries the key's tag (code), which is how `findCharge` finds it.
 */
export function akahuPaymentMeta(options: {
  idempotencyKey: string
  paymentId: number
  gymName: string
  memberName: string
  description: string
}): AkahuPaymentMeta {
  const gym = akahuStatementField(options.gymName)
  const purpose = akahuStatementField(options.description)
  const member = akahuStatementField(options.memberName)
  return {
    source: { ...(gym ? { reference: gym } : {}), ...(purpose ? { code: purpose } : {}) },
    destination: {
      ...(member ? { particulars: member } : {}),
      reference: `GB${options.paymentId}`.slice(0, AKAHU_PCR_MAX_LENGTH),
      code: akahuKeyTag(options.idempotencyKey),
    },
  }
}

export interface AkahuPaymentMeta {
  source: { reference?: string; code?: string }
  destination: { particulars?: string; reference: string; code: string }
}

/** Akahu takes dollars with at most two decimals; we keep integer cents. */
export function centsToAkahuAmount(cents: number): number {
  if (!Number.isSafeInteger(cents) || cents <= 0)
    throw new RangeError('Amount must be whole cents above zero')
  return Number((cents / 100).toFixed(2))
}

export function akahuAmountToCents(amount: number): number {
  return Math.round(amount * 100)
}
