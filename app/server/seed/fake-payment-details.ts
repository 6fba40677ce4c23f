import { checkNzBankAccount } from '~/lib/nz-bank-account'
import type { CalendarDateString } from '~/server/billing/calendar'
import type { Random } from './random'

/**
 * Fake bank accounts and cards. Bank numbers are in a real branch range of their bank and pass its
 * check digits (`checkNzBankAccount`, PROVIDERS §4), as the services that save them require.
 * Cards are only what a card provider returns (brand, last four, expiry): never a card number.
 */

const banks = [
  { code: '01', name: 'ANZ', branches: [1, 999] },
  { code: '02', name: 'BNZ', branches: [1200, 1299] },
  { code: '03', name: 'Westpac', branches: [1, 999] },
  { code: '06', name: 'ANZ', branches: [1, 999] },
  { code: '12', name: 'ASB', branches: [3000, 3299] },
  { code: '38', name: 'Kiwibank', branches: [9000, 9499] },
] as const

export interface FakeBankAccount {
  bankAccountNumber: string
  name: string
  bank: string
}

export function fakeBankAccount(random: Random): FakeBankAccount {
  const bank = random.pick(banks)
  const branch = String(random.int(bank.branches[0], bank.branches[1])).padStart(4, '0')
  // Bases below 00990000 take algorithm A, whose suffix weights are zero: the suffix drawn below (or
  // one the simulation swaps in) keeps the number valid. About one base in eleven passes.
  const numberWith = (base: number) => `${bank.code}-${branch}-${String(base).padStart(7, '0')}`
  let base = random.int(10_000, 989_999)
  while (!checkNzBankAccount({ value: `${numberWith(base)}-00` }).valid) base = random.int(10_000, 989_999)
  const suffix = random.weighted([
    ['00', 6],
    ['01', 2],
    ['02', 1],
    ['25', 1],
  ])
  return {
    bankAccountNumber: `${numberWith(base)}-${suffix}`,
    name: random.pick(['Everyday', 'Go Account', 'Streamline', 'Cheque', 'Freedom', 'Joint Everyday']),
    bank: bank.name,
  }
}

export interface FakeCard {
  brand: string
  lastFour: string
  expMonth: number
  expYear: number
  country: string
}

/** A card that is still valid on `today` (it expires one to four years later). */
export function fakeCard(random: Random, today: CalendarDateString): FakeCard {
  const year = Number(today.slice(0, 4))
  return {
    brand: random.weighted([
      ['visa', 6],
      ['mastercard', 4],
      ['amex', 1],
    ]),
    lastFour: String(random.int(0, 9999)).padStart(4, '0'),
    expMonth: random.int(1, 12),
    expYear: year + random.int(1, 4),
    country: random.chance(0.95) ? 'NZ' : random.pick(['AU', 'GB', 'US']),
  }
}

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A provider-style id such as `pm_1Qx…` or `acc_clx…`, fake but shaped like the real ones. */
export function fakeProviderId(random: Random, prefix: string, length = 24): string {
  let id = ''
  for (let index = 0; index < length; index += 1) id += alphanumerics[random.int(0, alphanumerics.length - 1)]
  return `${prefix}_${id}`
}
