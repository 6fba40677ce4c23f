import { eq } from 'drizzle-orm'
import { nextPaymentSentence } from '~/contracts/next-charge-words'
import type { Db } from '~/db/client.server'
import { membershipAgreements, organisations, users } from '~/db/schema'
import { formatDate, formatLongDate } from '~/lib/dates'
import { gstContent } from '~/lib/gst'
import { formatCents } from '~/lib/money'
import { calendarDateAt } from '~/server/billing/calendar'
import { welcomeMail } from '~/server/mail/templates.server'
import type { Mailer } from '../auth/mailer'
import { describeDoorAccessForMail } from '../door-access/member-door-access.server'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'
import { signedAgreementPdf } from './agreement-pdf.server'
import { findActiveMembership } from './find-active-subscription.server'

/**
 * The welcome e-mail (issue 14): the facts the welcome screen shows, a receipt for the first payment
 * (a tax invoice with GST when the organisation has a GST number in its settings), and the agreement the
 * member accepted. Queued in the caller's transaction, so it goes only if the membership is confirmed.
 */
export async function sendWelcomeMail(options: {
  db: Db
  mailer: Mailer
  now: Date
  userId: number
  subscriptionId: number
}): Promise<void> {
  const { db, now } = options
  const active = await findActiveMembership({ db, userId: options.userId, now })
  const [member] = await db
    .select({ name: users.name, email: users.email, organisation: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.id, options.userId))
  const [agreement] = await db
    .select({
      text: membershipAgreements.text,
      typedName: membershipAgreements.typedName,
      acceptedAt: membershipAgreements.acceptedAt,
      offSessionConsent: membershipAgreements.offSessionConsent,
    })
    .from(membershipAgreements)
    .where(eq(membershipAgreements.subscriptionId, options.subscriptionId))
  if (!active || !member || !agreement) return
  const { membership, firstPayment: first } = active

  const facts = [
    `You’re a member: ${membership.offering_name} at ${membership.gym_name}, from ${formatLongDate(membership.start_date)}.`,
  ]
  const paid = membership.first_payment
  if (paid) {
    const from = paid.method_label ? ` from your ${paid.method_label}` : ''
    facts.push(
      paid.status === 'paid'
        ? `We’ve taken your first payment of ${formatCents(paid.amount)}${from}.`
        : paid.status === 'pending'
          ? `Your first payment of ${formatCents(paid.amount)} is on its way${from}; bank payments usually clear within a day.`
          : `Your first payment of ${formatCents(paid.amount)} will be taken on ${formatLongDate(paid.due_on)}${from}.`,
    )
  }
  if (membership.next_charge) facts.push(nextPaymentSentence(membership.next_charge))
  // The door as the welcome page tells it: a code where a door system is connected, reception otherwise.
  const door = await describeDoorAccessForMail({
    db,
    organisationId: member.organisation.id,
    userId: options.userId,
    gymName: membership.gym_name,
    now,
  })
  facts.push(door ?? membership.door_access)

  const organisation = member.organisation
  const receipt =
    first && (first.payment.status === 'sent' || first.payment.status === 'pending_request')
      ? {
          legalName: organisation.legalName ?? organisation.name,
          gstNumber: organisation.gstNumber,
          lines: [
            { label: 'Membership and joining fee', amount: first.payment.amount },
            ...(first.payment.surcharge > 0
              ? [{ label: 'Card surcharge', amount: first.payment.surcharge }]
              : []),
          ],
          total: first.payment.amount + first.payment.surcharge,
          gst: organisation.gstNumber ? gstContent(first.payment.amount + first.payment.surcharge) : null,
          status:
            first.payment.status === 'sent'
              ? `Paid ${formatDate(calendarDateAt(now))}${first.method ? ` by ${describePaymentMethod(first.method)}` : ''}.`
              : `Payment pending from your ${first.method ? describePaymentMethod(first.method) : 'bank account'}.`,
          number: `R-${first.payment.id}`,
          issuedOn: formatDate(calendarDateAt(now)),
        }
      : null
  const pdf = await signedAgreementPdf({
    offeringName: membership.offering_name,
    gymName: membership.gym_name,
    memberName: member.name,
    memberEmail: member.email,
    agreement,
  })
  const message = welcomeMail({
    organisationName: organisation.name,
    recipientName: member.name,
    facts,
    agreement: agreement.text,
    receipt,
  })
  await options.mailer.send({
    db,
    organisationId: organisation.id,
    to: member.email,
    // Listed in the member's history with the first payment's receipt (issue 25); it holds no link.
    memberId: options.userId,
    message: {
      ...message,
      attachments: [
        {
          filename: 'membership-agreement.pdf',
          contentType: 'application/pdf',
          contentBase64: Buffer.from(pdf).toString('base64'),
        },
      ],
    },
  })
}
