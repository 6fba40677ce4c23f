/**
 * Card-number rules the sandbox card form and the sandbox "provider" share (issue 14). A real card form
 * (Stripe's Payment Element) does these checks itself; ours must behave the same so the screens can be
 * tried without keys. Only digits count: spaces and dashes typed or pasted are ignored.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown'

export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '')
}

/** The Luhn (mod 10) check every card number passes. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'unknown'
}

const cardBrands: readonly string[] = ['visa', 'mastercard', 'amex', 'unknown'] satisfies CardBrand[]

function isCardBrand(value: string): value is CardBrand {
  return cardBrands.includes(value)
}

export const cardBrandNames: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  unknown: 'Card',
}

/** Digits in groups of four (American Express 4-6-5), as a card shows them. */
export function formatCardNumber(value: string): string {
  const digits = cardDigits(value).replace(/\D/g, '').slice(0, 19)
  if (cardBrand(digits) === 'amex') {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ')
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/**
 * A card number grouped as it is typed or pasted, with where the caret goes: after the same number of
 * digits as before it in what was typed, so typing, deleting and pasting in the middle keep their place.
 * Deleting only a group's space (`previous` had the same digits) deletes the digit before it, as a
 * card field does, instead of the space coming straight back.
 */
export function groupCardNumberInput(
  typed: string,
  caret: number,
  previous = '',
): { value: string; caret: number } {
  const onlyDigits = (text: string) => text.replace(/\D/g, '')
  let text = typed
  let at = caret
  if (typed.length < previous.length && onlyDigits(typed) === onlyDigits(previous) && at > 0) {
    const before = onlyDigits(typed.slice(0, at))
    if (before.length > 0) {
      const cut = [...typed.slice(0, at)].map((char) => /\d/.test(char)).lastIndexOf(true)
      text = typed.slice(0, cut) + typed.slice(cut + 1)
      at = cut
    }
  }
  const value = formatCardNumber(text)
  const digitsBefore = onlyDigits(text.slice(0, at)).length
  if (digitsBefore === 0) return { value, caret: 0 }
  let seen = 0
  for (let index = 0; index < value.length; index += 1) {
    if (/\d/.test(value.charAt(index))) seen += 1
    if (seen === digitsBefore) return { value, caret: index + 1 }
  }
  return { value, caret: value.length }
}

export const cardNumberMessages = {
  incomplete: 'Your card number is incomplete.',
  invalid: 'Your card number is invalid.',
  expiryIncomplete: 'Your card’s expiry date is incomplete.',
  expired: 'Your card’s expiry date is in the past.',
  cvcIncomplete: 'Your card’s security code is incomplete.',
} as const

/** Stripe's own words for these mistakes, or null when the number is good. */
export function cardNumberProblem(value: string): string | null {
  const digits = cardDigits(value)
  if (!/^\d*$/.test(digits)) return cardNumberMessages.invalid
  const length = cardBrand(digits) === 'amex' ? 15 : 16
  if (digits.length < Math.min(length, 13)) return cardNumberMessages.incomplete
  if (digits.length < length && cardBrand(digits) !== 'unknown') return cardNumberMessages.incomplete
  if (digits.length > 19 || !passesLuhn(digits)) return cardNumberMessages.invalid
  return null
}

/** "MM / YY" (or MM/YY, MMYY) → month and four-digit year, or the problem in words. */
export function parseCardExpiry(
  value: string,
  today: { year: number; month: number },
): { month: number; year: number } | { problem: string } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(value)
  if (!match) return { problem: cardNumberMessages.expiryIncomplete }
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return { problem: 'Your card’s expiry month is invalid.' }
  if (year < today.year || (year === today.year && month < today.month)) {
    return { problem: cardNumberMessages.expired }
  }
  return { month, year }
}

export function cvcProblem(value: string, brand: CardBrand): string | null {
  const length = brand === 'amex' ? 4 : 3
  return new RegExp(`^\\d{${length}}$`).test(value.trim()) ? null : cardNumberMessages.cvcIncomplete
}

/** "Visa ending 4242": a saved card as the member recognises it. */
export function describeCard(brand: string | null, lastFour: string | null): string {
  const name = brand !== null && isCardBrand(brand) ? cardBrandNames[brand] : (brand ?? 'Card')
  return `${name} ending ${lastFour ?? '····'}`
}
