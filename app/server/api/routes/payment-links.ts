import type { OpenAPIHono } from '@hono/zod-openapi'
import { paymentLinkRoutes as routes } from '~/contracts/api/payment-links.routes'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  confirmPaymentLink,
  connectPaymentLinkBank,
  payPaymentLink,
  savePaymentLinkCard,
  showPaymentLink,
  startPaymentLinkBankConsent,
  startPaymentLinkCardSetup,
} from '~/server/services/payment-links/payment-link-steps.server'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toCardSetupResource } from '../resources/card-setup'
import { toPayByLinkAnswer } from '../resources/charge-outcome'
import { toPaymentLinkResource } from '../resources/payment-link'
import { toPaymentTypeList } from '../resources/payment-type'

/** The join site's pay page (issue 16): the token is the credential, one membership its scope. */
export function registerPaymentLinkRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.show, async (c) => {
    const shown = await showPaymentLink({
      db: c.var.database.db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      token: c.req.valid('param').token,
    })
    const methods = toPaymentTypeList(shown.methods)
    return c.json({ data: toPaymentLinkResource(shown.detail, methods, shown.takesCards) }, 200)
  })

  api.openapi(routes.pay, async (c) => {
    const body = c.req.valid('json')
    const token = c.req.valid('param').token
    const paid = await payPaymentLink({
      db: c.var.database.db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      token,
      paymentMethodId: body.payment_method_id,
      makeDefault: body.make_default,
      returnUrl: payReturnUrl(token),
    })
    return c.json({ data: toPayByLinkAnswer(paid, getProviderConfig().cards) }, 200)
  })

  api.openapi(routes.confirm, async (c) => {
    const token = c.req.valid('param').token
    const paid = await confirmPaymentLink({
      db: c.var.database.db,
      now: c.var.now,
      providers: c.var.payments.charges,
      mailer: c.var.mailer,
      token,
      paymentId: c.req.valid('json').payment_id,
      returnUrl: payReturnUrl(token),
    })
    return c.json({ data: toPayByLinkAnswer(paid, getProviderConfig().cards) }, 200)
  })

  api.openapi(routes.cardSetup, async (c) => {
    const setup = await startPaymentLinkCardSetup({
      db: c.var.database.db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      token: c.req.valid('param').token,
    })
    return c.json({ data: toCardSetupResource(setup, getProviderConfig().cards) }, 201)
  })

  api.openapi(routes.saveCard, async (c) => {
    const body = c.req.valid('json')
    const methods = await savePaymentLinkCard({
      db: c.var.database.db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      mailer: c.var.mailer,
      token: c.req.valid('param').token,
      setupId: body.setup_id,
      makeDefault: body.make_default,
    })
    return c.json({ data: toPaymentTypeList(methods) }, 201)
  })

  api.openapi(routes.bankConnection, async (c) => {
    const url = await startPaymentLinkBankConsent({
      db: c.var.database.db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      token: c.req.valid('param').token,
      redirectUri: payBankRedirectUri(),
    })
    return c.json({ data: { url } }, 200)
  })

  api.openapi(routes.bankAccounts, async (c) => {
    const body = c.req.valid('json')
    const methods = await connectPaymentLinkBank({
      db: c.var.database.db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      token: c.req.valid('param').token,
      code: body.code,
      state: body.state,
      redirectUri: payBankRedirectUri(),
    })
    return c.json({ data: toPaymentTypeList(methods) }, 201)
  })
}

/** Where a bank's redirect-based card approval brings the member back: the link's page. */
const payReturnUrl = (token: string) => publicSiteUrl('join', `/pay?${new URLSearchParams({ token })}`)

/** Where the bank's consent page sends a member who started from a payment link. */
export const payBankRedirectUri = () => publicSiteUrl('join', '/pay-bank')
