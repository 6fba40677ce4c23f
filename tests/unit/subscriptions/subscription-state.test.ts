import { describe, expect, it } from 'vitest'
import {
  cardColour,
  membershipTypeLabel,
  paymentStatusKind,
  type SubscriptionStateInput,
  subscriptionDisplayStates,
  termLengthLabel,
} from '~/contracts/subscription-state'

const today = '2026-03-15'
const yesterday = '2026-03-14'
const tomorrow = '2026-03-16'

/** A flexi monthly membership in the middle of its period, nothing unusual about it. */
const running: SubscriptionStateInput = {
  cancelled_at: null,
  undo_cancellation_until: null,
  grace_period_ends_at: null,
  pause_start_at: null,
  pause_end_at: null,
  upcoming_state: null,
  current_period_start: '2026-03-01',
  current_period_end: '2026-04-01',
  is_term_membership: false,
  term_amount: null,
  term_unit: null,
  term_ends_at: null,
  cooling_period_ends_at: null,
}

function states(changes: SubscriptionStateInput, on = today) {
  return subscriptionDisplayStates({ ...running, ...changes }, on)
}

function colour(changes: SubscriptionStateInput, on = today) {
  return cardColour({ ...running, ...changes }, on)
}

describe('subscription display states', () => {
  it('is active and nothing else when nothing is going on', () => {
    expect(states({})).toEqual(['active'])
    expect(subscriptionDisplayStates({}, today)).toEqual(['active'])
  })

  describe('paused', () => {
    it('is paused from the pause’s first day', () => {
      expect(states({ pause_start_at: today, pause_end_at: '2026-03-29' })).toEqual(['paused'])
      expect(states({ pause_start_at: yesterday, pause_end_at: '2026-03-29' })).toEqual(['paused'])
      expect(states({ pause_start_at: yesterday })).toEqual(['paused'])
    })

    it('is paused in future the day before, and still active then', () => {
      expect(states({ pause_start_at: tomorrow, pause_end_at: '2026-03-29' })).toEqual([
        'paused_in_future',
        'active',
      ])
    })

    it('is paused through the last paused day and back the day after (pause_end_at is inclusive)', () => {
      expect(states({ pause_start_at: '2026-03-01', pause_end_at: tomorrow })).toEqual(['paused'])
      expect(states({ pause_start_at: '2026-03-01', pause_end_at: today })).toEqual(['paused'])
      expect(states({ pause_start_at: '2026-03-01', pause_end_at: yesterday })).toEqual(['active'])
      expect(states({ pause_start_at: today, pause_end_at: today })).toEqual(['paused'])
    })

    it('reads a pause start given as an instant as its Auckland day', () => {
      // 11:30 UTC on 15 Mar is 00:30 on 16 Mar in Auckland: tomorrow.
      expect(states({ pause_start_at: '2026-03-15T11:30:00Z' })).toEqual(['paused_in_future', 'active'])
      expect(states({ pause_start_at: '2026-03-15T10:30:00Z' })).toEqual(['paused'])
    })

    it('ignores a pause start it cannot read', () => {
      expect(states({ pause_start_at: 'next week' })).toEqual(['active'])
    })
  })

  describe('cancelled', () => {
    const cancelled = { cancelled_at: '2026-03-10T09:00:00+13:00' }

    it('is cancelled as soon as cancelled_at is set, and no longer active', () => {
      expect(states(cancelled)).toEqual(['cancelled'])
    })

    it('can be undone while now is before undo_cancellation_until', () => {
      const until = { ...cancelled, undo_cancellation_until: '2026-03-15T12:00:00+13:00' }
      expect(states(until, '2026-03-15T11:59:59+13:00')).toEqual(['cancelled', 'cancellation_undoable'])
      expect(states(until, '2026-03-15T12:00:00+13:00')).toEqual(['cancelled'])
      expect(states(until, '2026-03-15T12:00:01+13:00')).toEqual(['cancelled'])
    })

    it('reads a bare day as its first moment in Auckland for the undo deadline', () => {
      const until = { ...cancelled, undo_cancellation_until: '2026-03-15T12:00:00+13:00' }
      expect(states(until, yesterday)).toEqual(['cancelled', 'cancellation_undoable'])
      expect(states(until, today)).toEqual(['cancelled', 'cancellation_undoable'])
      expect(states(until, tomorrow)).toEqual(['cancelled'])
      const midnight = { ...cancelled, undo_cancellation_until: '2026-03-15T00:00:00+13:00' }
      expect(states(midnight, today)).toEqual(['cancelled'])
    })

    it('cannot undo what is not cancelled', () => {
      expect(states({ undo_cancellation_until: '2026-04-01T00:00:00+13:00' })).toEqual(['active'])
    })
  })

  describe('in grace period', () => {
    it('is in grace whenever grace_period_ends_at is set, and then not active', () => {
      expect(states({ grace_period_ends_at: tomorrow })).toEqual(['in_grace_period'])
      expect(states({ grace_period_ends_at: today })).toEqual(['in_grace_period'])
      expect(states({ grace_period_ends_at: yesterday })).toEqual(['in_grace_period'])
    })
  })

  describe('upcoming', () => {
    it('counts any upcoming_state while not cancelled', () => {
      expect(states({ upcoming_state: 'pending' })).toEqual(['upcoming'])
      expect(states({ upcoming_state: 'pending', cancelled_at: '2026-03-10T09:00:00Z' })).toEqual([
        'cancelled',
      ])
      expect(states({ upcoming_state: '' })).toEqual(['active'])
    })

    it('counts an upcoming_state of upcoming or failed even when cancelled', () => {
      const cancelled_at = '2026-03-10T09:00:00Z'
      expect(states({ upcoming_state: 'upcoming', cancelled_at })).toEqual(['cancelled', 'upcoming'])
      expect(states({ upcoming_state: 'failed', cancelled_at })).toEqual(['cancelled', 'upcoming'])
      expect(states({ upcoming_state: 'failed' })).toEqual(['upcoming'])
    })

    it('counts a current period that starts later than today', () => {
      expect(states({ current_period_start: tomorrow, current_period_end: '2026-04-16' })).toEqual([
        'upcoming',
      ])
      expect(states({ current_period_start: today, current_period_end: '2026-04-15' })).toEqual(['active'])
      expect(states({ current_period_start: yesterday, current_period_end: '2026-04-14' })).toEqual([
        'active',
      ])
    })
  })

  it('lists every state that holds at once, in a fixed order', () => {
    expect(
      states({
        pause_start_at: yesterday,
        cancelled_at: '2026-03-10T09:00:00Z',
        undo_cancellation_until: '2026-03-20T00:00:00+13:00',
        grace_period_ends_at: tomorrow,
        upcoming_state: 'failed',
      }),
    ).toEqual(['paused', 'cancelled', 'cancellation_undoable', 'in_grace_period', 'upcoming'])
  })

  it('refuses a `today` it cannot read', () => {
    expect(() => subscriptionDisplayStates(running, 'today')).toThrow(RangeError)
    expect(() => cardColour(running, '2026-02-30')).toThrow(RangeError)
  })
})

describe('card colour', () => {
  it('is green for a running membership', () => {
    expect(colour({})).toBe('green')
    expect(colour({ pause_start_at: tomorrow })).toBe('green')
    expect(colour({ pause_start_at: '2026-03-01', pause_end_at: yesterday })).toBe('green')
  })

  it('stays green for a cancelled membership until its renew date, then turns red', () => {
    const cancelled_at = '2026-03-10T09:00:00Z'
    expect(colour({ cancelled_at }, '2026-03-31')).toBe('green')
    expect(colour({ cancelled_at }, '2026-04-01')).toBe('red')
    expect(colour({ cancelled_at }, '2026-04-02')).toBe('red')
    expect(colour({ cancelled_at, current_period_end: null })).toBe('red')
  })

  it('is red for a cancellation in a grace period, even before the renew date', () => {
    expect(colour({ cancelled_at: '2026-03-10T09:00:00Z', grace_period_ends_at: tomorrow })).toBe('red')
  })

  it('is amber when paused, in grace without cancellation, or upcoming', () => {
    expect(colour({ pause_start_at: today })).toBe('amber')
    expect(colour({ pause_start_at: yesterday, pause_end_at: tomorrow })).toBe('amber')
    expect(colour({ grace_period_ends_at: tomorrow })).toBe('amber')
    expect(colour({ upcoming_state: 'pending' })).toBe('amber')
    expect(colour({ current_period_start: tomorrow, current_period_end: '2026-04-16' })).toBe('amber')
  })

  it('is amber for a cancelled membership that is paused or upcoming before its renew date', () => {
    const cancelled_at = '2026-03-10T09:00:00Z'
    expect(colour({ cancelled_at, pause_start_at: yesterday })).toBe('amber')
    expect(colour({ cancelled_at, upcoming_state: 'failed' })).toBe('amber')
    expect(colour({ cancelled_at, upcoming_state: 'failed' }, '2026-04-01')).toBe('red')
  })
})

describe('membership type label', () => {
  const term: SubscriptionStateInput = {
    ...running,
    is_term_membership: true,
    term_amount: 12,
    term_unit: 'month',
    term_ends_at: '2027-03-01',
    cooling_period_ends_at: '2026-03-08',
  }

  it('says Flexi for a membership without a term', () => {
    expect(membershipTypeLabel(running, today)).toBe('Flexi')
    expect(membershipTypeLabel({ ...term, is_term_membership: false }, today)).toBe('Flexi')
    expect(membershipTypeLabel({}, today)).toBe('Flexi')
  })

  it('shows the cooling-off period until cooling_period_ends_at', () => {
    const cooling = { ...term, cooling_period_ends_at: tomorrow }
    expect(membershipTypeLabel(cooling, today)).toBe('Cooling-off until 16 Mar 2026')
    expect(membershipTypeLabel(cooling, tomorrow)).toBe('12-month term, committed until 1 Mar 2027')
    expect(membershipTypeLabel({ ...term, cooling_period_ends_at: today }, today)).toBe(
      '12-month term, committed until 1 Mar 2027',
    )
  })

  it('shows the committed-to date during the term and just the length after it', () => {
    expect(membershipTypeLabel(term, '2027-02-28')).toBe('12-month term, committed until 1 Mar 2027')
    expect(membershipTypeLabel(term, '2027-03-01')).toBe('12-month term')
    expect(membershipTypeLabel(term, '2027-03-02')).toBe('12-month term')
    expect(membershipTypeLabel({ ...term, term_ends_at: null, cooling_period_ends_at: null }, today)).toBe(
      '12-month term',
    )
  })

  it('takes a term amount and unit as a term membership when is_term_membership is absent', () => {
    const { is_term_membership: _, ...withoutFlag } = term
    expect(membershipTypeLabel(withoutFlag, today)).toBe('12-month term, committed until 1 Mar 2027')
  })

  it('names every term unit', () => {
    expect(termLengthLabel({ term_amount: 1, term_unit: 'year' })).toBe('1-year term')
    expect(termLengthLabel({ term_amount: 26, term_unit: 'week' })).toBe('26-week term')
    expect(termLengthLabel({ term_amount: null, term_unit: null })).toBe('Term membership')
  })

  it('shows a date it cannot read as Invalid DateTime rather than hiding it', () => {
    expect(membershipTypeLabel({ ...term, cooling_period_ends_at: 'soon' }, today)).toBe(
      'Cooling-off until Invalid DateTime',
    )
    expect(membershipTypeLabel({ ...term, term_ends_at: '2027-02-30' }, today)).toBe(
      '12-month term, committed until Invalid DateTime',
    )
  })

  it('uses the Auckland day of an instant `today`', () => {
    const cooling = { ...term, cooling_period_ends_at: tomorrow }
    expect(membershipTypeLabel(cooling, '2026-03-15T10:30:00Z')).toBe('Cooling-off until 16 Mar 2026')
    // 00:30 on 16 Mar in Auckland: the cooling-off period is over.
    expect(membershipTypeLabel(cooling, '2026-03-15T11:30:00Z')).toBe(
      '12-month term, committed until 1 Mar 2027',
    )
  })
})

describe('payment status kind', () => {
  it('reads sent as success, upcoming as upcoming, pending_request as pending', () => {
    expect(paymentStatusKind('sent')).toBe('success')
    expect(paymentStatusKind('upcoming')).toBe('upcoming')
    expect(paymentStatusKind('pending_request')).toBe('pending')
  })

  it('reads anything else as failed', () => {
    for (const status of [
      'failed',
      'cancelled',
      'refunded',
      'declined',
      'insufficient_funds',
      '',
      null,
      undefined,
    ]) {
      expect(paymentStatusKind(status)).toBe('failed')
    }
  })
})
