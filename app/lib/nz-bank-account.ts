import { z } from './validation'

/**
 * New Zealand bank account numbers (PROVIDERS §4): bank (2 digits) – branch (4) – base (7) – suffix
 * (2 or 3), as printed on statements, e.g. `12-3140-0171323-50`. The one check for destination accounts,
 * members' bank accounts and the join flow's bank step; pure, so forms run it too.
 *
 * A number is valid when its bank is known, its branch lies in one of that bank's ranges, and its digits
 * pass the bank's check-digit algorithm, as in Inland Revenue's RWT/NRWT specification (2016 edition,
 * with the later banks 04 and 10). Branch ranges change over time: recheck the latest IRD spec when a
 * real account is refused.
 *
 * Akahu's Demo Bank (`99-9999-9999999-91…94`) is no real bank, so bank 99 fails the check; it is
 * accepted only when the caller says payments go through the sandbox (`acceptDemoBank`), as PROVIDERS §2
 * advises and docs/sandbox-payments.md documents.
 */

export const DEMO_BANK_CODE = '99'

/** The number's parts padded to the IRD's widths: bank 2, branch 4, base 8, suffix 4 digits. */
export interface NzBankAccountParts {
  bank: string
  branch: string
  base: string
  suffix: string
}

type Algorithm = 'A' | 'B' | 'D' | 'E' | 'F' | 'G' | 'X'

/** Branch ranges per bank; the banks not named in `algorithmByBank` use A or B by their base. */
const branchRanges: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  '01': [
    [1, 999],
    [1100, 1199],
    [1800, 1899],
  ],
  '02': [
    [1, 999],
    [1200, 1299],
  ],
  '03': [
    [1, 999],
    [1300, 1399],
    [1500, 1599],
    [1700, 1799],
    [1900, 1999],
  ],
  '04': [[2020, 2024]],
  '06': [
    [1, 999],
    [1400, 1499],
  ],
  '08': [[6500, 6599]],
  '09': [[0, 0]],
  '10': [[5165, 5169]],
  '11': [
    [5000, 6499],
    [6600, 8999],
  ],
  '12': [
    [3000, 3299],
    [3400, 3499],
    [3600, 3699],
  ],
  '13': [[4900, 4999]],
  '14': [[4700, 4799]],
  '15': [[3900, 3999]],
  '16': [[4400, 4499]],
  '17': [[3300, 3399]],
  '18': [[3500, 3599]],
  '19': [[4600, 4649]],
  '20': [[4100, 4199]],
  '21': [[4800, 4899]],
  '22': [[4000, 4049]],
  '23': [[3700, 3799]],
  '24': [[4300, 4349]],
  '25': [[2500, 2599]],
  '26': [[2600, 2699]],
  '27': [[3800, 3849]],
  '28': [[2100, 2149]],
  '29': [[2150, 2299]],
  '30': [[2900, 2949]],
  '31': [[2800, 2849]],
  '33': [[6700, 6799]],
  '35': [[2400, 2499]],
  '38': [[9000, 9499]],
}

const algorithmByBank: Readonly<Record<string, Algorithm>> = {
  '08': 'D',
  '09': 'E',
  '25': 'F',
  '33': 'F',
  '26': 'G',
  '28': 'G',
  '29': 'G',
  '31': 'X',
}

/** Weights of the 18 padded digits (bank 2, branch 4, base 8, suffix 4) and the modulus. */
const algorithms: Readonly<Record<Algorithm, { weights: readonly number[]; modulus: number }>> = {
  A: { weights: [0, 0, 6, 3, 7, 9, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11 },
  B: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 10, 5, 8, 4, 2, 1, 0, 0, 0, 0], modulus: 11 },
  D: { weights: [0, 0, 0, 0, 0, 0, 0, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0], modulus: 11 },
  E: { weights: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5, 4, 3, 2, 0, 0, 0, 1], modulus: 11 },
  F: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 7, 3, 1, 7, 3, 1, 0, 0, 0, 0], modulus: 10 },
  G: { weights: [0, 0, 0, 0, 0, 0, 0, 1, 3, 7, 1, 3, 7, 1, 0, 3, 7, 1], modulus: 10 },
  X: { weights: new Array(18).fill(0), modulus: 1 },
}

/** Algorithms E and G add the digits of each product, and again of that sum (IRD's example 3). */
const digitSummed = new Set<Algorithm>(['E', 'G'])

const digitSum = (value: number) =>
  String(value)
    .split('')
    .reduce((sum, digit) => sum + Number(digit), 0)

/**
 * Anything shaped like an NZ account number, as its padded parts and its statement form
 * (`BB-bbbb-AAAAAAA-SS`, or `-SSS` when written with a three-digit suffix); null otherwise. Groups are
 * separated by hyphens or spaces, and may have the IRD's padded widths (`01-902-0068389-00`,
 * `01-0902-00068389-0000`); a number written without separators has the statement's widths (15 or 16 digits).
 * Only the shape is looked at: `checkNzBankAccount` says whether the number can exist.
 */
export function parseNzBankAccount(value: string): { number: string; parts: NzBankAccountParts } | null {
  const trimmed = value.trim()
  const groups = trimmed.split(/[-\s]+/)
  const fixed = /^(\d{2})(\d{4})(\d{7})(\d{2,3})$/.exec(trimmed)
  const [bank, branch, base, suffix] = fixed ? fixed.slice(1) : groups.length === 4 ? groups : []
  if (bank === undefined || branch === undefined || base === undefined || suffix === undefined) return null
  if (!/^\d{2}$/.test(bank) || !/^\d{3,4}$/.test(branch)) return null
  // Wider than a statement prints only by the IRD's leading zero: a base has 7 digits, a suffix 3.
  if (!/^(\d{7}|0\d{7})$/.test(base) || !/^(\d{2,3}|0\d{3})$/.test(suffix)) return null
  const parts = {
    bank,
    branch: branch.padStart(4, '0'),
    base: base.padStart(8, '0'),
    suffix: suffix.padStart(4, '0'),
  }
  const printedSuffix = suffix.length === 4 ? suffix.slice(1) : suffix
  return { number: `${bank}-${parts.branch}-${parts.base.slice(1)}-${printedSuffix}`, parts }
}

export type NzBankAccountProblem = 'format' | 'bank' | 'branch' | 'checksum'

export const nzBankAccountMessages: Record<NzBankAccountProblem, string> = {
  format: 'Enter a New Zealand bank account number (00-0000-0000000-00).',
  bank: 'The first two digits are not a New Zealand bank. Check the account number.',
  branch: 'The branch number (digits 3 to 6) is not one of this bank’s. Check the account number.',
  checksum: 'This is not a valid account number. Check it against a bank statement.',
}

export type NzBankAccountCheck =
  | { valid: true; number: string; parts: NzBankAccountParts }
  | { valid: false; problem: NzBankAccountProblem; message: string }

function passesCheckDigits(parts: NzBankAccountParts, algorithm: Algorithm): boolean {
  const { weights, modulus } = algorithms[algorithm]
  const digits = `${parts.bank}${parts.branch}${parts.base}${parts.suffix}`.split('').map(Number)
  const sum = digits.reduce((total, digit, index) => {
    const product = digit * (weights[index] ?? 0)
    return total + (digitSummed.has(algorithm) ? digitSum(digitSum(product)) : product)
  }, 0)
  return sum % modulus === 0
}

/**
 * Checks a New Zealand bank account number: its shape, bank, branch and check digits. Valid numbers come
 * back in the statement form. Pass `acceptDemoBank` only while bank payments go through the sandbox.
 */
export function checkNzBankAccount(options: { value: string; acceptDemoBank?: boolean }): NzBankAccountCheck {
  const invalid = (problem: NzBankAccountProblem): NzBankAccountCheck => ({
    valid: false,
    problem,
    message: nzBankAccountMessages[problem],
  })
  const parsed = parseNzBankAccount(options.value)
  if (!parsed) return invalid('format')
  const { parts } = parsed
  const valid: NzBankAccountCheck = { valid: true, ...parsed }
  if (parts.bank === DEMO_BANK_CODE && options.acceptDemoBank) return valid
  const ranges = branchRanges[parts.bank]
  if (!ranges) return invalid('bank')
  const branch = Number(parts.branch)
  if (!ranges.some(([from, to]) => branch >= from && branch <= to)) return invalid('branch')
  const algorithm = algorithmByBank[parts.bank] ?? (Number(parts.base) < 990_000 ? 'A' : 'B')
  return passesCheckDigits(parts, algorithm) ? valid : invalid('checksum')
}

/**
 * A zod string that must be a valid NZ bank account number, turned into its statement form: for
 * contracts, forms and service inputs alike. Empty is "Value is required", as for any field (SPEC §5).
 */
export function nzBankAccountNumberSchema(options: { acceptDemoBank?: boolean } = {}) {
  return z
    .string()
    .trim()
    .min(1)
    .transform((value, context) => {
      const check = checkNzBankAccount({ value, acceptDemoBank: options.acceptDemoBank ?? false })
      if (check.valid) return check.number
      context.addIssue({ code: 'custom', message: check.message })
      return z.NEVER
    })
}

/** `99-9999-9999999-91` → `99-••••-•••••99-91`: enough for its owner to recognise it, no more. */
export function maskNzBankAccount(accountNumber: string): string {
  const parts = accountNumber.split('-')
  if (parts.length !== 4) return accountNumber
  const [bank, , base = '', suffix] = parts
  return `${bank}-••••-•••••${base.slice(-2)}-${suffix}`
}
