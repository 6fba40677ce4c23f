import { dictionary } from '@zxcvbn-ts/language-common'

let common: Set<string> | undefined

/**
 * True for the passwords attackers try first: zxcvbn's list of the most common leaked passwords
 * (about 18,000 of 8 characters or more), compared without case.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()))
  return common.has(password.toLowerCase())
}
