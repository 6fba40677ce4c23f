import type { Db } from '~/db/client.server'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import type { BankConsentProvider, CardSetupProvider } from '~/server/providers/payments/payment-method-setup'
import type { PaymentProviders } from '~/server/providers/payments/payment-provider'
import type { Mailer } from '../auth/mailer'
import { finishBankConsent, startBankConsent, syncBankAccounts } from '../payment-methods/bank-consent.server'
import { changePaymentMethod, memberGymTakesCards } from '../payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '../payment-methods/find-member-payment-methods.server'
import { saveCard } from '../payment-methods/save-card.server'
import { startCardSetup } from '../payment-methods/start-card-setup.server'
import { findPaymentLinkByToken, findPaymentLinkDetail } from './find-payment-link.server'
import { confirmLinkPayment, settleLeftApprovals } from './link-approvals.server'
import { payByLink, usableLink } from './pay-by-link.server'

/**
 * The join site's pay page (issue 16), step by step: the token is the credential (a 404 in words for
 * one we never made), one membership its scope; a step that changes something needs a link still
 * usable, and the charging and card steps are rate-limited per link.
 */

/** A link still usable, for a step that changes something; its charges and card set-ups are limited. */
async function usableLinkOf(db: Db, token: string, now: Date, limit?: 'paymentLinkPay' | 'paymentLinkCard') {
  const link = await findPaymentLinkByToken(db, token)
  if (limit !== 'paymentLinkPay') usableLink(link, now)
  if (limit) await consumeLimit({ db, name: limit, key: `link:${link.id}` })
  return link
}

/**
 * What the page shows: a bank approval left mid-way (the page reloaded, or back from a bank's page) is
 * settled first; then the link's detail, the member's methods and whether their gym takes cards.
 */
export async function showPaymentLink(options: {
  db: Db
  now: Date
  providers: PaymentProviders
  mailer: Mailer
  token: string
}) {
  const { db, now, token } = options
  const link = await findPaymentLinkByToken(db, token)
  await settleLeftApprovals({ ...options, subscriptionId: link.subscriptionId })
  const detail = await findPaymentLinkDetail({ db, now, token })
  const methods = await findMemberPaymentMethodList({ db, userId: detail.link.userId })
  const takesCards = await memberGymTakesCards(db, detail.link.userId)
  return { detail, methods, takesCards }
}

/** Pay: `payByLink`, at most so many presses a link. */
export async function payPaymentLink(options: Parameters<typeof payByLink>[0]) {
  await usableLinkOf(options.db, options.token, options.now, 'paymentLinkPay')
  return payByLink(options)
}

/** A card approval completed in the member's browser: `confirmLinkPayment`, limited like Pay. */
export async function confirmPaymentLink(options: Parameters<typeof confirmLinkPayment>[0]) {
  await usableLinkOf(options.db, options.token, options.now, 'paymentLinkPay')
  return confirmLinkPayment(options)
}

/** A new card's set-up for the link's member. */
export async function startPaymentLinkCardSetup(options: {
  db: Db
  now: Date
  cardSetups: CardSetupProvider
  token: string
}) {
  const link = await usableLinkOf(options.db, options.token, options.now, 'paymentLinkCard')
  return startCardSetup({ ...options, organisationId: link.organisationId, userId: link.userId })
}

/**
 * The new card saved; ticking "use for future payments" is the member's agreement, confirmed by e-mail
 * (issue 25). Answers the member's methods.
 */
export async function savePaymentLinkCard(options: {
  db: Db
  now: Date
  cardSetups: CardSetupProvider
  mailer: Mailer
  token: string
  setupId: string
  makeDefault: boolean
}) {
  const { db, now } = options
  const link = await usableLinkOf(db, options.token, now)
  const member = { organisationId: link.organisationId, userId: link.userId }
  const card = await saveCard({
    db,
    now,
    cardSetups: options.cardSetups,
    ...member,
    setupId: options.setupId,
    makeDefault: false,
  })
  if (options.makeDefault) {
    await changePaymentMethod({
      db,
      now,
      mailer: options.mailer,
      ...member,
      paymentMethodId: card.id,
      agreed: true,
    })
  }
  return findMemberPaymentMethodList({ db, userId: link.userId })
}

/** The bank's consent page's address for the link's member. */
export async function startPaymentLinkBankConsent(options: {
  db: Db
  now: Date
  bankConsents: BankConsentProvider
  token: string
  redirectUri: string
}) {
  const link = await usableLinkOf(options.db, options.token, options.now)
  return startBankConsent({ ...options, organisationId: link.organisationId, userId: link.userId })
}

/** Back from the bank: the consent finished and the member's accounts read. Answers their methods. */
export async function connectPaymentLinkBank(options: {
  db: Db
  now: Date
  bankConsents: BankConsentProvider
  token: string
  code: string
  state: string
  redirectUri: string
}) {
  const { db, now } = options
  const link = await usableLinkOf(db, options.token, now)
  await finishBankConsent({ ...options, userId: link.userId })
  await syncBankAccounts({
    db,
    now,
    bankConsents: options.bankConsents,
    organisationId: link.organisationId,
    userId: link.userId,
    acceptDemoBank: options.bankConsents.name === 'sandbox_bank',
  })
  return findMemberPaymentMethodList({ db, userId: link.userId })
}
