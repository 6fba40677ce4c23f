import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireMemberSelf } from '~/access/member-self.server'
import { paymentMethodRoutes as routes } from '~/contracts/api/payment-methods.routes'
import { sandboxConsentAccounts } from '~/server/providers/payments/bank-consent-sandbox.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import { startBankConsent, syncBankAccounts } from '~/server/services/payment-methods/bank-consent.server'
import { findPaymentMethodChange } from '~/server/services/payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '~/server/services/payment-methods/find-member-payment-methods.server'
import {
  connectMemberBank,
  saveMemberCard,
  switchMemberPaymentMethod,
} from '~/server/services/payment-methods/member-payment-method-steps.server'
import { removePaymentMethod } from '~/server/services/payment-methods/remove-payment-method.server'
import { startCardSetup } from '~/server/services/payment-methods/start-card-setup.server'
import { requireSandboxProvider } from '~/server/services/sandbox/require-sandbox.server'
import {
  confirmSandboxCard,
  grantSandboxConsent,
} from '~/server/services/sandbox/sandbox-payment-pages.server'
import { actorOf, memberCall } from '../actor'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toCardSetupResource } from '../resources/card-setup'
import {
  toPaymentMethodChangeResource,
  toPaymentTypeList,
  toPaymentTypeResource,
} from '../resources/payment-type'
import { payBankRedirectUri } from './payment-links'

/** Where the bank's consent page sends the member back: the join site's connect-akahu step. */
const bankRedirectUri = () => publicSiteUrl('join', '/connect-akahu')

export function registerPaymentMethodRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.list, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const list = await findMemberPaymentMethodList({ db: c.var.database.db, userId: member.id })
    return c.json({ data: toPaymentTypeList(list) }, 200)
  })

  api.openapi(routes.change, async (c) => {
    const change = await findPaymentMethodChange({
      ...memberCall(c),
      paymentMethodId: c.req.valid('param').id,
    })
    return c.json({ data: toPaymentMethodChangeResource(change) }, 200)
  })

  api.openapi(routes.switch, async (c) => {
    const list = await switchMemberPaymentMethod({
      ...memberCall(c),
      mailer: c.var.mailer,
      paymentMethodId: c.req.valid('param').id,
      agreed: c.req.valid('json').agreed === true,
    })
    return c.json({ data: toPaymentTypeList(list) }, 200)
  })

  api.openapi(routes.remove, async (c) => {
    const list = await removePaymentMethod({
      ...memberCall(c),
      mailer: c.var.mailer,
      cardSetups: c.var.payments.cardSetups,
      paymentMethodId: c.req.valid('param').id,
    })
    return c.json({ data: toPaymentTypeList(list) }, 200)
  })

  api.openapi(routes.cardSetup, async (c) => {
    const setup = await startCardSetup({ ...memberCall(c), cardSetups: c.var.payments.cardSetups })
    return c.json({ data: toCardSetupResource(setup, getProviderConfig().cards) }, 201)
  })

  api.openapi(routes.saveCard, async (c) => {
    const saved = await saveMemberCard({
      ...memberCall(c),
      cardSetups: c.var.payments.cardSetups,
      setupId: c.req.valid('json').setup_id,
    })
    return c.json({ data: toPaymentTypeResource(saved.card, saved.defaultId) }, 201)
  })

  api.openapi(routes.authUrl, async (c) => {
    const url = await startBankConsent({
      ...memberCall(c),
      bankConsents: c.var.payments.bankConsents,
      redirectUri: bankRedirectUri(),
    })
    return c.json({ data: { url } }, 200)
  })

  api.openapi(routes.exchange, async (c) => {
    const body = c.req.valid('json')
    const { message } = await connectMemberBank({
      ...memberCall(c),
      bankConsents: c.var.payments.bankConsents,
      code: body.code,
      state: body.state,
      redirectUri: bankRedirectUri(),
    })
    return c.json({ message }, 200)
  })

  api.openapi(routes.syncAccounts, async (c) => {
    const synced = await syncBankAccounts({
      ...memberCall(c),
      bankConsents: c.var.payments.bankConsents,
      acceptDemoBank: c.var.payments.bankConsents.demoBank,
    })
    return c.json({ data: toPaymentTypeList(synced) }, 200)
  })

  // The sandbox providers' own endpoints: what Akahu's consent page and Stripe.js would do.
  api.openapi(routes.sandboxBankAccounts, (c) => {
    requireSandboxProvider(c.var.payments.bankConsents)
    const data = sandboxConsentAccounts.map((account) => ({
      suffix: account.suffix,
      name: account.name,
      account_number: account.accountNumber,
    }))
    return c.json({ data }, 200)
  })

  api.openapi(routes.sandboxBankConsent, async (c) => {
    requireSandboxProvider(c.var.payments.bankConsents)
    const body = c.req.valid('json')
    const redirectTo = await grantSandboxConsent({
      db: c.var.database.db,
      now: c.var.now,
      redirectUri: body.redirect_uri,
      ownRedirectUris: [bankRedirectUri(), payBankRedirectUri()],
      state: body.state,
      accountSuffixes: body.account_suffixes,
    })
    return c.json({ data: { redirect_to: redirectTo } }, 200)
  })

  api.openapi(routes.sandboxCardConfirm, async (c) => {
    requireSandboxProvider(c.var.payments.cardSetups)
    const body = c.req.valid('json')
    const result = await confirmSandboxCard({
      db: c.var.database.db,
      clientSecret: body.client_secret,
      card: { number: body.number, expiry: body.expiry, cvc: body.cvc },
      now: c.var.now,
    })
    const error =
      result.status === 'succeeded' ? null : { ...result.error, field: result.error.field ?? null }
    return c.json({ data: { status: result.status, error } }, 200)
  })
}
