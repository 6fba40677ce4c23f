import { type CalendarDateString, instantAt } from '~/server/billing/calendar'
import type { Random } from './random'

export function earlierInstant(a: Date, b: Date): Date {
  return a < b ? a : b
}

export function laterInstant(a: Date, b: Date): Date {
  return a > b ? a : b
}

/** An instant on an Auckland day at a random minute in [fromHour, toHour). */
export function randomInstantOn(
  random: Random,
  date: CalendarDateString,
  fromHour: number,
  toHour: number,
): Date {
  const minutes = random.int(fromHour * 60, toHour * 60 - 1)
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return instantAt(date, time)
}
