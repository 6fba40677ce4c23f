import { and, desc, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { noAgreementMessage, noReceiptMessage } from '~/contracts/account-payments'
import { deskMethodLabels } from '~/contracts/desk-methods'
import type { Db } from '~/db/client.server'
import {
  gyms,
  membershipAgreements,
  offerings,
  organisations,
  paymentMethods,
  payments,
  prices,
  subscriptions,
  users,
} from '~/db/schema'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { gstContent } from '~/lib/gst'
import { calendarDateAt } from '~/server/billing/calendar'
import { chargedTotal } from '~/server/billing/next-charge'
import { receiptLines, type WelcomeReceipt } from '~/server/mail/templates.server'
import { signedAgreementPdf } from '../join/agreement-pdf.server'
import { paymentReceiptLines } from '../member-notices/membership-notices.server'
import { describePaymentMethod } from '../payment-methods/describe-payment-method'
import { textPdf } from '../pdf/text-pdf.server'

/** A PDF to download, and the file's name. */
export interface PdfFile {
  bytes: Uint8Array
  filename: string
}

/**
 * A paid payment's receipt as a PDF (issue 28), with the figures of the e-mailed one
 * (`paymentReceiptLines`, `receiptLines`): the organisation's legal name, and when it has a GST number,
 * a tax invoice with the number and the GST in the total (3/23 of it, `gstContent`). Another member's
 * payment is a 404, one not paid a 409 in words.
 */
export async function paymentReceiptPdf(options: {
  db: Db
  organisationId: number
  userId: number
  paymentId: number
}): Promise<PdfFile> {
  const { db } = options
  const [row] = await db
    .select({
      payment: payments,
      method: paymentMethods,
      memberName: users.name,
      organisation: {
        name: organisations.name,
        legalName: organisations.legalName,
        gstNumber: organisations.gstNumber,
      },
      offeringName: offerings.name,
      gymName: gyms.name,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(organisations, eq(organisations.id, payments.organisationId))
    .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, payments.gymId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, payments.paymentMethodId))
    .where(
      and(
        ownedBy(payments, options.organisationId),
        eq(payments.userId, options.userId),
        eq(payments.id, options.paymentId),
      ),
    )
  if (!row) throw new AppError('NOT_FOUND', 'Payment not found.')
  const { payment, method, organisation } = row
  if (payment.status !== 'sent') throw new AppError('CONFLICT', noReceiptMessage)
  const paidOn = payment.paidAt ? calendarDateAt(payment.paidAt) : payment.dueOn
  const total = chargedTotal(payment)
  const how =
    payment.type === 'manual'
      ? ` at the desk${payment.deskMethod ? ` (${deskMethodLabels[payment.deskMethod]})` : ''}`
      : method
        ? ` by ${describePaymentMethod(method)}`
        : ''
  const receipt: WelcomeReceipt = {
    legalName: organisation.legalName ?? organisation.name,
    gstNumber: organisation.gstNumber,
    lines: paymentReceiptLines(`${row.offeringName} at ${row.gymName}`, payment),
    total,
    gst: organisation.gstNumber ? gstContent(total) : null,
    status: `Paid ${formatDate(paidOn)}${how}.`,
    number: `R-${payment.id}`,
    issuedOn: formatDate(paidOn),
  }
  // The e-mail's lines under a title: "Tax invoice/receipt" when GST-registered, plain "Receipt" if not.
  const [, ...lines] = receiptLines(receipt, row.memberName)
  const bytes = await textPdf({
    title: organisation.gstNumber ? 'Tax invoice/receipt' : 'Receipt',
    blocks: [{ text: `Receipt number ${receipt.number}`, bold: true }, ...lines.map((text) => ({ text }))],
  })
  return { bytes, filename: `receipt-${receipt.number}.pdf` }
}

/**
 * The membership agreement the member signed last, as the welcome e-mail attached it (issue 14), from
 * `membership_agreements`; a 404 in words when there is none.
 */
export async function signedAgreementFile(options: {
  db: Db
  organisationId: number
  userId: number
}): Promise<PdfFile> {
  const { db } = options
  const [row] = await db
    .select({
      agreement: {
        text: membershipAgreements.text,
        typedName: membershipAgreements.typedName,
        acceptedAt: membershipAgreements.acceptedAt,
        offSessionConsent: membershipAgreements.offSessionConsent,
      },
      memberName: users.name,
      memberEmail: users.email,
      offeringName: offerings.name,
      gymName: gyms.name,
    })
    .from(membershipAgreements)
    .innerJoin(users, eq(users.id, membershipAgreements.userId))
    .innerJoin(subscriptions, eq(subscriptions.id, membershipAgreements.subscriptionId))
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    .innerJoin(gyms, eq(gyms.id, subscriptions.gymId))
    .where(
      and(
        ownedBy(membershipAgreements, options.organisationId),
        eq(membershipAgreements.userId, options.userId),
      ),
    )
    .orderBy(desc(membershipAgreements.acceptedAt), desc(membershipAgreements.id))
    .limit(1)
  if (!row) throw new AppError('NOT_FOUND', noAgreementMessage)
  const bytes = await signedAgreementPdf(row)
  return { bytes, filename: 'membership-agreement.pdf' }
}

/** Whether the member has a signed agreement to download. */
export async function hasSignedAgreement(db: Db, organisationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: membershipAgreements.id })
    .from(membershipAgreements)
    .where(and(ownedBy(membershipAgreements, organisationId), eq(membershipAgreements.userId, userId)))
    .limit(1)
  return row !== undefined
}
