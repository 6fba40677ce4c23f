import { daysFromTo } from '~/lib/calendar-days'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'

/**
 * What pausing, ending a pause, cancelling and undoing a cancellation do, in words: the console's
 * dialogs say them of the member ("Sam is not charged…"), the member's own account says them to the
 * member ("You are not charged…"). One module, so the two never disagree (issue 28). Free of the
 * validation library: the join site's pages import it.
 */

/** Who the words are about: the member by name (staff reading) or "you" (the member reading). */
export interface Who {
  /** "Sam" / "You": a sentence's subject. */
  name: string
  /** "they" / "you": the subject inside a sentence. */
  they: string
  them: string
  their: string
  /** The verb's ending in the present: "is"/"are", "keeps"/"keep". */
  third: boolean
}

export function theMember(name: string): Who {
  return { name, they: 'they', them: 'them', their: 'their', third: true }
}

export const you: Who = { name: 'You', they: 'you', them: 'you', their: 'your', third: false }

const whose = (who: Who) => (who.third ? `${who.name}’s` : 'Your')
const is = (who: Who) => (who.third ? 'is' : 'are')
const verb = (who: Who, word: string) => (who.third ? `${word}s` : word)
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
const dayCount = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`

/** The facts of a membership the words read: its renew date and its next charge (ADR 031). */
export interface MembershipChargeFacts {
  current_period_end: string | null
  next_charge: { on: string; total: number | null } | null
}

/** Longest single pause (SPEC §4); a longer break is a cancellation. The pause service holds to it. */
export const MAX_PAUSE_DAYS = 180
/** Shortest pause: one day. */
export const MIN_PAUSE_DAYS = 1

/** How a pause is credited: every paused day, as the billing engine moves the dates. */
export function pauseCreditWords(who: Who): string {
  return `${capital(who.they)} ${is(who)} not charged for the paused days: ${who.their} billing dates move later by the days paused.`
}

/** The pause rules in a sentence: its shortest and longest, from today on. */
export function pauseLimitWords(): string {
  return `A pause lasts from ${dayCount(MIN_PAUSE_DAYS)} to ${MAX_PAUSE_DAYS} days, starting today or later, one pause at a time.`
}

/** What a pause from `start` to `end` (both included) does to access and the billing dates; null until both days are real. */
export function pauseEffect(who: Who, membership: MembershipChargeFacts, start: string, end: string) {
  const days = daysFromTo(start, end)
  if (days === null || days < 1) return null
  return `${who.name} ${is(who)} not charged and the door stays shut for ${who.them} from ${formatDate(start)} to ${formatDate(end)} (${dayCount(days)}). ${capital(who.their)} billing dates after the pause move ${dayCount(days)} later${pauseChargeEffect(who, membership)}.`
}

/**
 * What a pause does to the next charge. A renewal the pause covers moves with the billing dates; a
 * retry of the current period's failed payment (due before the period ends) is money already owed for
 * days used, and the engine still takes it, so the words must not promise to move it.
 */
function pauseChargeEffect(who: Who, membership: MembershipChargeFacts): string {
  const next = membership.next_charge
  if (!next) return ''
  const renews = membership.current_period_end
  if (renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `; what ${who.they} owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken`
  }
  return `; the charge due ${formatDate(next.on)} is moved if the pause covers it`
}

/** Ending a pause that has begun (back today), or withdrawing one still ahead. */
export function resumeEffect(who: Who, started: boolean): string {
  return started
    ? `${whose(who)} membership runs again from today: the doors open for ${who.them} within seconds, and ${who.their} next billing date moves back by the days ${who.they} no longer pause.`
    : `${whose(who)} membership won’t be paused: ${who.they} keep ${who.their} access and are charged on ${who.their} usual dates.`
}

/** Undoing a cancellation: the membership goes on, renewing on its date. */
export function undoCancelEffect(who: Who, renews: string | null): string {
  return `${whose(who)} membership goes on as before${renews ? `: it renews on ${formatDate(renews)} and ${who.they} are charged then` : ''}.`
}

/** Cancelling now (staff only): no undo. */
export function cancelNowEffect(who: Who): string {
  return `${who.name} ${verb(who, 'lose')} door access today and ${is(who)} charged nothing more. This cannot be undone.`
}

/**
 * What cancelling at the period's end does to the money. The next charge is not taken when it is the
 * renewal's; a retry of this period's failed payment (due before the renew date) still is, so the words
 * must not promise otherwise. `undo` is the last sentence: how long it can be undone.
 */
export function periodEndEffect(
  who: Who,
  renews: string | null,
  next: MembershipChargeFacts['next_charge'],
  undo: string,
): string {
  const until = `${who.name} ${verb(who, 'keep')} door access until ${renews ? formatDate(renews) : 'the end of the paid period'}`
  if (next && renews && next.on < renews) {
    const amount = next.total != null ? `${formatCents(next.total)} ` : ''
    return `${until}. What ${who.they} owe for this period is still collected: the ${amount}charge due ${formatDate(next.on)} is taken. Nothing is charged after that. ${undo}`
  }
  const notTaken = next ? ` (the charge due ${formatDate(next.on)} is not taken)` : ''
  return `${until} and ${is(who)} charged nothing more${notTaken}. ${undo}`
}

/**
 * Cancelling a term membership inside its term (past the cooling-off period): the term's rules hold the
 * member to it, so the membership ends with the period the term ends in, and the charges until then
 * are the cost of leaving early.
 */
export function termEndEffect(
  who: Who,
  term: { ends_on: string; term_ends_at: string; remaining_charges: number; remaining_cost: number },
  undo: string,
): string {
  const charges =
    term.remaining_charges === 0
      ? 'no more charges'
      : `${term.remaining_charges} more ${term.remaining_charges === 1 ? 'charge' : 'charges'} (${formatCents(term.remaining_cost)} in all)`
  return `${who.name} ${is(who)} committed to ${who.their} term until ${formatDate(term.term_ends_at)}. Leaving early costs the rest of the term: ${charges}. ${who.name} ${verb(who, 'keep')} door access until ${formatDate(term.ends_on)} and ${is(who)} charged nothing after that. ${undo}`
}

/** Why members leave, as the front desk hears it; kept with the cancellation. Never required. */
export const cancellationReasons = [
  'Moving away',
  'Cost',
  'Not using it enough',
  'Injury or health',
  'Joined another gym',
  'Other',
] as const

/** Who made a change the member made themselves in their account, as the console's history says it. */
export const memberMadeWords = 'by the member (online)'
