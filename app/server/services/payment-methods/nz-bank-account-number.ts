/**
 * New Zealand bank account numbers: bank (2 digits) – branch (4) – account (7) – suffix (2 or 3), as
 * printed on statements, e.g. `12-3456-7890123-00`.
 *
 * Only the shape is checked here. The full check (branch ranges per bank plus one of seven checksum
 * algorithms, PROVIDERS §4) needs a branch table that changes over time; the open-banking provider
 * reports a real account's number anyway, and a typo in a destination account shows up as a failed
 * payout rather than a lost payment.
 */
const pattern = /^(\d{2})[- ]?(\d{4})[- ]?(\d{7})[- ]?(\d{2,3})$/

/** The number in `BB-bbbb-AAAAAAA-SS` form, or null when it does not look like an NZ account number. */
export function normaliseNzBankAccountNumber(value: string): string | null {
  const match = pattern.exec(value.trim())
  if (!match) return null
  const [, bank, branch, account, suffix] = match
  return `${bank}-${branch}-${account}-${suffix}`
}
