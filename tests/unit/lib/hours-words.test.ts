import { describe, expect, it } from 'vitest'
import { describeHours, formatTime } from '~/contracts/hours-words'

describe('describeHours', () => {
  it('is null for an offering open any time', () => {
    expect(describeHours([])).toBeNull()
  })

  it('joins days in a row with the same windows', () => {
    const weekday = (day: number) => ({ day, openAt: '06:00:00', closeAt: '22:00:00' })
    expect(
      describeHours([
        weekday(3),
        weekday(1),
        weekday(2),
        weekday(4),
        weekday(5),
        { day: 6, openAt: '08:00:00', closeAt: '16:00:00' },
      ]),
    ).toBe('Monday to Friday 6:00 am – 10:00 pm; Saturday 8:00 am – 4:00 pm')
  })

  it('lists two windows of a day in time order', () => {
    expect(
      describeHours([
        { day: 7, openAt: '17:00', closeAt: '20:00' },
        { day: 7, openAt: '06:00', closeAt: '09:30' },
      ]),
    ).toBe('Sunday 6:00 am – 9:30 am, 5:00 pm – 8:00 pm')
  })

  it('says noon and midnight as people do', () => {
    expect(formatTime('12:00')).toBe('12:00 pm')
    expect(formatTime('00:00')).toBe('12:00 am')
  })
})
