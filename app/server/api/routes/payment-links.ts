import type { OpenAPIHono } from '@hono/zod-openapi'
import { paymentLinkRoutes as routes } from '~/contracts/api/payment-links.routes'
import type { PayByLinkAnswer } from '~/contracts/pay'
import type { Db } from '~/db/client.server'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  findPaymentLinkByToken,
  findPaymentLinkDetail,
} from '~/server/services/payment-links/find-payment-link.server'
import {
  confirmLinkPayment,
  settleLeftApprovals,
} from '~/server/services/payment-links/link-approvals.server'
import { payByLink, usableLink } from '~/server/services/payment-links/pay-by-link.server'
import {
  finishBankConsent,
  startBankConsent,
  syncBankAccounts,
} from '~/server/services/payment-methods/bank-consent.server'
import {
  changePaymentMethod,
  memberGymTakesCards,
} from '~/server/services/payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '~/server/services/payment-methods/find-member-payment-methods.server'
import { saveCard } from '~/server/services/payment-methods/save-card.server'
import { startCardSetup } from '~/server/services/payment-methods/start-card-setup.server'
import type { ChargeNowOutcome } from '~/server/services/payments/retry-payment.server'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toCardSetupResource } from '../resources/card-setup'
import { toPaymentLinkResource } from '../resources/payment-link'
import { toPaymentTypeResource } from '../resources/payment-type'
import { toRetryAnswer } from './payments'

/** The join site's pay page (issue 16): the token is the credential, one membership its scope. */
export function registerPaymentLinkRoutes(api: OpenAPIHono<ApiEnv>) {
  const methodsOf = async (db: Db, userId: number) => {
    const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId })
    return methods.map((method) => toPaymentTypeResource(method, defaultId))
  }

  api.openapi(routes.show, async (c) => {
    const db = c.var.database.db
    const token = c.req.valid('param').token
    const link = await findPaymentLinkByToken(db, token)
    // A bank approval left mid-way (the page reloaded, or back from a bank's page) is settled first.
    await settleLeftApprovals({
      db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      subscriptionId: link.subscriptionId,
    })
    const detail = await findPaymentLinkDetail({ db, now: c.var.now, token })
    const methods = await methodsOf(db, detail.link.userId)
    const takesCards = await memberGymTakesCards(db, detail.link.userId)
    return c.json({ data: toPaymentLinkResource(detail, methods, takesCards) }, 200)
  })

  api.openapi(routes.pay, async (c) => {
    const body = c.req.valid('json')
    const db = c.var.database.db
    const link = await findPaymentLinkByToken(db, c.req.valid('param').token)
    await consumeLimit({ db, name: 'paymentLinkPay', key: `link:${link.id}` })
    const token = c.req.valid('param').token
    const paid = await payByLink({
      db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      token,
      paymentMethodId: body.payment_method_id,
      makeDefault: body.make_default,
      returnUrl: payReturnUrl(token),
    })
    return c.json({ data: toPayByLinkAnswer(paid) }, 200)
  })

  api.openapi(routes.confirm, async (c) => {
    const db = c.var.database.db
    const token = c.req.valid('param').token
    const link = await findPaymentLinkByToken(db, token)
    await consumeLimit({ db, name: 'paymentLinkPay', key: `link:${link.id}` })
    const paid = await confirmLinkPayment({
      db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      token,
      paymentId: c.req.valid('json').payment_id,
      returnUrl: payReturnUrl(token),
    })
    return c.json({ data: toPayByLinkAnswer(paid) }, 200)
  })

  api.openapi(routes.cardSetup, async (c) => {
    const db = c.var.database.db
    const link = await findPaymentLinkByToken(db, c.req.valid('param').token)
    usableLink(link, c.var.now)
    await consumeLimit({ db, name: 'paymentLinkCard', key: `link:${link.id}` })
    const setup = await startCardSetup({
      db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      organisationId: link.organisationId,
      userId: link.userId,
    })
    return c.json({ data: toCardSetupResource(setup, getProviderConfig().cards) }, 201)
  })

  api.openapi(routes.saveCard, async (c) => {
    const db = c.var.database.db
    const link = await findPaymentLinkByToken(db, c.req.valid('param').token)
    usableLink(link, c.var.now)
    const body = c.req.valid('json')
    const card = await saveCard({
      db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      organisationId: link.organisationId,
      userId: link.userId,
      setupId: body.setup_id,
      makeDefault: false,
    })
    // Ticking "use for future payments" is the member's agreement: confirmed by e-mail (issue 25).
    if (body.make_default) {
      await changePaymentMethod({
        db,
        now: c.var.now,
        mailer: c.var.mailer,
        organisationId: link.organisationId,
        userId: link.userId,
        paymentMethodId: card.id,
        agreed: true,
      })
    }
    return c.json({ data: await methodsOf(db, link.userId) }, 201)
  })

  api.openapi(routes.bankConnection, async (c) => {
    const db = c.var.database.db
    const link = await findPaymentLinkByToken(db, c.req.valid('param').token)
    usableLink(link, c.var.now)
    const url = await startBankConsent({
      db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      organisationId: link.organisationId,
      userId: link.userId,
      redirectUri: payBankRedirectUri(),
    })
    return c.json({ data: { url } }, 200)
  })

  api.openapi(routes.bankAccounts, async (c) => {
    const db = c.var.database.db
    const link = await findPaymentLinkByToken(db, c.req.valid('param').token)
    usableLink(link, c.var.now)
    const body = c.req.valid('json')
    await finishBankConsent({
      db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      userId: link.userId,
      code: body.code,
      state: body.state,
      redirectUri: payBankRedirectUri(),
    })
    await syncBankAccounts({
      db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      organisationId: link.organisationId,
      userId: link.userId,
      acceptDemoBank: c.var.payments.bankConsents.name === 'sandbox_bank',
    })
    return c.json({ data: await methodsOf(db, link.userId) }, 201)
  })
}

/** Where a bank's redirect-based card approval brings the member back: the link's page. */
const payReturnUrl = (token: string) => publicSiteUrl('join', `/pay?${new URLSearchParams({ token })}`)

/** What a Pay press did, each charge waiting for the member's approval with what their browser needs. */
function toPayByLinkAnswer(paid: { outcomes: ChargeNowOutcome[]; balanceOwing: number }): PayByLinkAnswer {
  const cards = getProviderConfig().cards
  return {
    outcomes: paid.outcomes.map((outcome) => {
      const approval = outcome.status === 'pending' ? outcome.approval : undefined
      return {
        ...toRetryAnswer(outcome),
        approval: !approval
          ? null
          : cards.provider === 'stripe'
            ? {
                provider: 'stripe' as const,
                client_secret: approval.clientSecret,
                publishable_key: cards.publishableKey,
                account: approval.accountReference ?? '',
              }
            : { provider: 'sandbox_card' as const, client_secret: approval.clientSecret },
      }
    }),
    balance_owing: paid.balanceOwing,
  }
}

/** Where the bank's consent page sends a member who started from a payment link. */
export const payBankRedirectUri = () => publicSiteUrl('join', '/pay-bank')
