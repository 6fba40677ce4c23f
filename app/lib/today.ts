/**
 * Today in Auckland, `YYYY-MM-DD` (en-CA writes dates that way). In a module of its own with plain Intl,
 * so a form that checks a date against today loads neither `./dates` nor the calendar library.
 */
const isoDayInAuckland = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' })

export function todayInAuckland(now: Date = new Date()): string {
  return isoDayInAuckland.format(now)
}
