import { describe, expect, it } from 'vitest'
import {
  cancelNowEffect,
  pauseEffect,
  periodEndEffect,
  resumeEffect,
  termEndEffect,
  theMember,
  undoCancelEffect,
  you,
} from '~/contracts/membership-action-words'

/**
 * The membership actions' words, said of the member to staff (the console's dialogs) and to the member
 * (their account): the same sentence in the third and the second person (issue 28).
 */
describe('the membership actions in words', () => {
  const sam = theMember('Sam')
  const renewal = { current_period_end: '2026-04-06', next_charge: { on: '2026-04-06', total: 2500 } }
  const retry = { current_period_end: '2026-04-06', next_charge: { on: '2026-03-20', total: 2500 } }

  it('a pause', () => {
    expect(pauseEffect(sam, renewal, '2026-03-16', '2026-03-29')).toBe(
      'Sam is not charged and the door stays shut for them from 16 Mar 2026 to 29 Mar 2026 (14 days). Their billing dates after the pause move 14 days later; the charge due 6 Apr 2026 is moved if the pause covers it.',
    )
    expect(pauseEffect(you, retry, '2026-03-16', '2026-03-16')).toBe(
      'You are not charged and the door stays shut for you from 16 Mar 2026 to 16 Mar 2026 (1 day). Your billing dates after the pause move 1 day later; what you owe for this period is still collected: the $25.00 charge due 20 Mar 2026 is taken.',
    )
    expect(pauseEffect(you, renewal, '2026-03-16', '2026-03-15')).toBeNull()
    expect(pauseEffect(you, renewal, '2026-02-30', '2026-03-15')).toBeNull()
  })

  it('ending a pause and undoing a cancellation', () => {
    expect(resumeEffect(sam, true)).toBe(
      'Sam’s membership runs again from today: the doors open for them within seconds, and their next billing date moves back by the days they no longer pause.',
    )
    expect(resumeEffect(you, false)).toBe(
      'Your membership won’t be paused: you keep your access and are charged on your usual dates.',
    )
    expect(undoCancelEffect(sam, '2026-04-06')).toBe(
      'Sam’s membership goes on as before: it renews on 6 Apr 2026 and they are charged then.',
    )
    expect(undoCancelEffect(you, null)).toBe('Your membership goes on as before.')
  })

  it('cancelling', () => {
    expect(cancelNowEffect(sam)).toBe(
      'Sam loses door access today and is charged nothing more. This cannot be undone.',
    )
    expect(periodEndEffect(sam, '2026-04-06', renewal.next_charge, 'You can undo this for a while.')).toBe(
      'Sam keeps door access until 6 Apr 2026 and is charged nothing more (the charge due 6 Apr 2026 is not taken). You can undo this for a while.',
    )
    expect(periodEndEffect(you, '2026-04-06', retry.next_charge, 'Undo it here.')).toBe(
      'You keep door access until 6 Apr 2026. What you owe for this period is still collected: the $25.00 charge due 20 Mar 2026 is taken. Nothing is charged after that. Undo it here.',
    )
    expect(
      termEndEffect(
        you,
        { ends_on: '2026-05-04', term_ends_at: '2026-05-02', remaining_charges: 4, remaining_cost: 8000 },
        'Undo it here.',
      ),
    ).toBe(
      'You are committed to your term until 2 May 2026. Leaving early costs the rest of the term: 4 more charges ($80.00 in all). You keep door access until 4 May 2026 and are charged nothing after that. Undo it here.',
    )
  })
})
