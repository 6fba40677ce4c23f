import { checkNzBankAccount } from '~/lib/nz-bank-account'

/**
 * A valid ASB account number (branch 3140) for test member `index`, distinct per index, ending in the
 * sandbox bank's test `suffix` (docs/sandbox-payments.md). The services refuse numbers that fail the
 * check digits, so tests can't just count through bases.
 */
export function testBankAccountNumber(options: { index: number; suffix: string }): string {
  // Each index searches its own hundred bases; about one in eleven passes, so one is always found.
  const first = 1_000_000 + options.index * 100
  for (let base = first; base < first + 100; base += 1) {
    const value = `12-3140-${String(base).padStart(7, '0')}-${options.suffix}`
    if (checkNzBankAccount({ value }).valid) return value
  }
  throw new Error(`No valid account number among bases ${first}…${first + 99}`)
}
