/**
 * Money is integer cents everywhere (DESIGN §2); this is where it becomes text. en-NZ with NZD renders
 * `$25.00`, the plain dollar sign the spec's price helper shows (SPEC §9), with no `NZ$` prefix.
 */
const nzd = new Intl.NumberFormat('en-NZ', { style: 'currency', currency: 'NZD' })

/** The number fields' format for dollars (`formatOptions` of a React Aria NumberField): `$25.00`. */
export const dollarFieldFormat = {
  style: 'currency',
  currency: 'NZD',
  currencyDisplay: 'narrowSymbol',
} as const

/** `2500` → `$25.00`, `-123456` → `-$1,234.56`. */
export function formatCents(cents: number): string {
  return nzd.format(cents / 100)
}
