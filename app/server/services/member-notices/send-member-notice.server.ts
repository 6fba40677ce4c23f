import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms, offerings, organisations, prices, subscriptions, users } from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { gstContent } from '~/lib/gst'
import { calendarDateAt } from '~/server/billing/calendar'
import { memberNoticeMail } from '~/server/mail/member-notice-templates.server'
import type { Mailer } from '../auth/mailer'

/** What a receipt says before the organisation's name, GST number and the GST are filled in. */
export interface ReceiptDraft {
  /** `R-123`: the payment's id, so a member and staff can find it. */
  number: string
  lines: Array<{ label: string; amount: number }>
  /** "Paid 28 Nov 2026 in cash at the desk." */
  status: string
}

/**
 * Tells a member, in writing, what just changed in their money or membership (issue 25): queued in the
 * caller's transaction (the outbox, ADR 009), so the e-mail goes exactly when the change commits, and
 * marked as about them, so it is listed in their history. A receipt gets the organisation's registered
 * name, its GST number and the GST in the total (`gstContent`) when it has one.
 */
export async function sendMemberNotice(options: {
  db: Db
  mailer: Mailer
  now: Date
  memberId: number
  subject: string
  heading: string
  facts: string[]
  receipt?: ReceiptDraft | null
}): Promise<void> {
  const { db, now } = options
  const [member] = await db
    .select({
      name: users.name,
      email: users.email,
      organisation: {
        id: organisations.id,
        name: organisations.name,
        legalName: organisations.legalName,
        gstNumber: organisations.gstNumber,
      },
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, options.memberId))
  if (!member) return
  const { organisation } = member
  const draft = options.receipt
  const total = draft ? draft.lines.reduce((sum, line) => sum + line.amount, 0) : 0
  const message = memberNoticeMail({
    organisationName: organisation.name,
    recipientName: member.name,
    subject: options.subject,
    heading: options.heading,
    facts: options.facts,
    receipt: draft
      ? {
          legalName: organisation.legalName ?? organisation.name,
          gstNumber: organisation.gstNumber,
          lines: draft.lines,
          total,
          gst: organisation.gstNumber ? gstContent(total) : null,
          status: draft.status,
          number: draft.number,
          issuedOn: formatDate(calendarDateAt(now)),
        }
      : null,
  })
  await options.mailer.send({
    db,
    organisationId: organisation.id,
    to: member.email,
    message,
    memberId: options.memberId,
  })
}

/** "Gold Unlimited at Central": how a notice names the membership it is about. */
export async function membershipName(db: Db, subscriptionId: number): Promise<string> {
  const [row] = await db
    .select({ offering: offerings.name, gym: gyms.name })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(eq(subscriptions.id, subscriptionId))
  return row ? `${row.offering} at ${row.gym}` : 'membership'
}
