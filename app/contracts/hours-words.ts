import { dayNames } from '~/contracts/catalogue'

/** `06:00:00` → `6:00 am`, `13:30` → `1:30 pm`. */
export function formatTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number)
  const suffix = hours < 12 ? 'am' : 'pm'
  const hour = hours % 12 === 0 ? 12 : hours % 12
  return `${hour}:${String(minutes).padStart(2, '0')} ${suffix}`
}

/**
 * An offering's opening hours in one line, days in a row with the same windows joined: "Monday to
 * Friday 6:00 am – 10:00 pm; Saturday 8:00 am – 4:00 pm". Null when it has none (any time).
 */
export function describeHours(
  hours: ReadonlyArray<{ day: number; openAt: string; closeAt: string }>,
): string | null {
  if (hours.length === 0) return null
  const byDay = new Map<number, string>()
  for (const window of [...hours].sort((a, b) => a.day - b.day || a.openAt.localeCompare(b.openAt))) {
    const words = `${formatTime(window.openAt)} – ${formatTime(window.closeAt)}`
    byDay.set(window.day, byDay.has(window.day) ? `${byDay.get(window.day)}, ${words}` : words)
  }
  const runs: Array<{ first: number; last: number; words: string }> = []
  for (const [day, words] of byDay) {
    const run = runs.at(-1)
    if (run && run.last === day - 1 && run.words === words) run.last = day
    else runs.push({ first: day, last: day, words })
  }
  return runs
    .map((run) => {
      const first = dayNames[run.first - 1]
      const days = run.first === run.last ? first : `${first} to ${dayNames[run.last - 1]}`
      return `${days} ${run.words}`
    })
    .join('; ')
}
