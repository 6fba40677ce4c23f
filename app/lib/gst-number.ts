/**
 * New Zealand GST numbers are IRD numbers: 8 or 9 digits, from 10-000-000 to 150-000-000, the last a
 * check digit by Inland Revenue's mod-11 rule (two weight sets; a check of 10 under both is invalid).
 * Written `123-456-789`; spaces and dashes as typed are ignored.
 */
const primaryWeights = [3, 2, 7, 6, 5, 4, 3, 2]
const secondaryWeights = [7, 4, 3, 2, 5, 2, 7, 6]

export const gstNumberMessage = 'Enter the 8 or 9 digit GST number, e.g. 123-456-789.'

function checkDigit(base: number[], weights: number[]): number {
  const sum = base.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0)
  const remainder = sum % 11
  return remainder === 0 ? 0 : 11 - remainder
}

/** The number as `123-456-789`, or null when it is not a valid GST (IRD) number. */
export function normaliseGstNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '')
  if (!/^\d{8,9}$/.test(digits)) return null
  const padded = digits.padStart(9, '0')
  const number = Number(padded)
  if (number < 10_000_000 || number > 150_000_000) return null
  const base = [...padded.slice(0, 8)].map(Number)
  let check = checkDigit(base, primaryWeights)
  if (check === 10) check = checkDigit(base, secondaryWeights)
  if (check === 10 || check !== Number(padded[8])) return null
  return `${padded.slice(0, 3)}-${padded.slice(3, 6)}-${padded.slice(6)}`
}
