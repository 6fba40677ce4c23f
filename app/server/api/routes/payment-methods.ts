import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireMemberSelf } from '~/access/member-self.server'
import { paymentMethodRoutes as routes } from '~/contracts/api/payment-methods.routes'
import { chooseAccountMessage } from '~/contracts/bank-consent-words'
import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import {
  grantSandboxBankConsent,
  sandboxConsentAccounts,
} from '~/server/providers/payments/bank-consent-sandbox.server'
import { confirmSandboxCardSetup } from '~/server/providers/payments/card-setup-sandbox.server'
import { getProviderConfig } from '~/server/providers/provider-config.server'
import {
  finishBankConsent,
  startBankConsent,
  syncBankAccounts,
} from '~/server/services/payment-methods/bank-consent.server'
import {
  changePaymentMethod,
  findPaymentMethodChange,
  hasJoined,
} from '~/server/services/payment-methods/change-payment-method.server'
import { findMemberPaymentMethodList } from '~/server/services/payment-methods/find-member-payment-methods.server'
import { saveCard } from '~/server/services/payment-methods/save-card.server'
import { startCardSetup } from '~/server/services/payment-methods/start-card-setup.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { publicSiteUrl } from '../request-info'
import { toCardSetupResource } from '../resources/card-setup'
import { toPaymentMethodChangeResource, toPaymentTypeResource } from '../resources/payment-type'
import { payBankRedirectUri } from './payment-links'

/** Where the bank's consent page sends the member back: the join site's connect-akahu step. */
const bankRedirectUri = () => publicSiteUrl('join', '/connect-akahu')

export function registerPaymentMethodRoutes(api: OpenAPIHono<ApiEnv>) {
  const list = async (db: Db, userId: number) => {
    const { methods, defaultId } = await findMemberPaymentMethodList({ db, userId })
    return methods.map((method) => toPaymentTypeResource(method, defaultId))
  }

  api.openapi(routes.list, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    return c.json({ data: await list(c.var.database.db, member.id) }, 200)
  })

  api.openapi(routes.change, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const change = await findPaymentMethodChange({
      db: c.var.database.db,
      organisationId: member.organisationId,
      userId: member.id,
      paymentMethodId: c.req.valid('param').id,
      now: c.var.now,
    })
    return c.json({ data: toPaymentMethodChangeResource(change) }, 200)
  })

  api.openapi(routes.switch, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const db = c.var.database.db
    await changePaymentMethod({
      db,
      now: c.var.now,
      mailer: c.var.mailer,
      organisationId: member.organisationId,
      userId: member.id,
      paymentMethodId: c.req.valid('param').id,
      agreed: c.req.valid('json').agreed === true,
    })
    return c.json({ data: await list(db, member.id) }, 200)
  })

  api.openapi(routes.cardSetup, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const setup = await startCardSetup({
      db: c.var.database.db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      organisationId: member.organisationId,
      userId: member.id,
    })
    return c.json({ data: toCardSetupResource(setup, getProviderConfig().cards) }, 201)
  })

  api.openapi(routes.saveCard, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const db = c.var.database.db
    const card = await saveCard({
      db,
      now: c.var.now,
      cardSetups: c.var.payments.cardSetups,
      organisationId: member.organisationId,
      userId: member.id,
      setupId: c.req.valid('json').setup_id,
      // A member who has joined keeps paying as they do until they agree to the change (issue 25).
      makeDefault: !(await hasJoined(db, member.id, c.var.now)),
    })
    const { defaultId } = await findMemberPaymentMethodList({ db, userId: member.id })
    return c.json({ data: toPaymentTypeResource(card, defaultId) }, 201)
  })

  api.openapi(routes.authUrl, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const url = await startBankConsent({
      db: c.var.database.db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      organisationId: member.organisationId,
      userId: member.id,
      redirectUri: bankRedirectUri(),
    })
    return c.json({ data: { url } }, 200)
  })

  api.openapi(routes.exchange, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const body = c.req.valid('json')
    await finishBankConsent({
      db: c.var.database.db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      userId: member.id,
      code: body.code,
      state: body.state,
      redirectUri: bankRedirectUri(),
    })
    return c.json({ message: 'Your bank is connected.' }, 200)
  })

  api.openapi(routes.syncAccounts, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const synced = await syncBankAccounts({
      db: c.var.database.db,
      now: c.var.now,
      bankConsents: c.var.payments.bankConsents,
      organisationId: member.organisationId,
      userId: member.id,
      acceptDemoBank: c.var.payments.bankConsents.demoBank,
    })
    return c.json(
      { data: synced.methods.map((method) => toPaymentTypeResource(method, synced.defaultId)) },
      200,
    )
  })

  // The sandbox providers' own endpoints: what Akahu's consent page and Stripe.js would do.
  const requireSandbox = (c: { var: ApiEnv['Variables'] }, kind: 'bank' | 'card') => {
    const name = kind === 'bank' ? c.var.payments.bankConsents.name : c.var.payments.cardSetups.name
    if (!name.startsWith('sandbox_')) throw new AppError('NOT_FOUND', 'Not Found')
  }

  api.openapi(routes.sandboxBankAccounts, (c) => {
    requireSandbox(c, 'bank')
    return c.json(
      {
        data: sandboxConsentAccounts.map((account) => ({
          suffix: account.suffix,
          name: account.name,
          account_number: account.accountNumber,
        })),
      },
      200,
    )
  })

  api.openapi(routes.sandboxBankConsent, async (c) => {
    requireSandbox(c, 'bank')
    const body = c.req.valid('json')
    // Only our own connect steps (the join flow's, the payment link's) may receive a code, as Akahu
    // allows only the app's registered addresses.
    if (body.redirect_uri !== bankRedirectUri() && body.redirect_uri !== payBankRedirectUri()) {
      throw new AppError('VALIDATION', 'This consent was not started by Gymbase.', {
        fieldErrors: { redirect_uri: ['This consent was not started by Gymbase.'] },
      })
    }
    const known = new Set(sandboxConsentAccounts.map((account) => account.suffix))
    const suffixes = [...new Set(body.account_suffixes)].filter((suffix) => known.has(suffix))
    if (suffixes.length === 0) {
      throw new AppError('VALIDATION', chooseAccountMessage, {
        fieldErrors: { account_suffixes: [chooseAccountMessage] },
      })
    }
    const redirectTo = await grantSandboxBankConsent({
      db: c.var.database.db,
      redirectUri: body.redirect_uri,
      state: body.state,
      accountSuffixes: suffixes,
      now: c.var.now,
    })
    return c.json({ data: { redirect_to: redirectTo } }, 200)
  })

  api.openapi(routes.sandboxCardConfirm, async (c) => {
    requireSandbox(c, 'card')
    const body = c.req.valid('json')
    const result = await confirmSandboxCardSetup({
      db: c.var.database.db,
      clientSecret: body.client_secret,
      card: { number: body.number, expiry: body.expiry, cvc: body.cvc },
      now: c.var.now,
    })
    if (!result) throw new AppError('NOT_FOUND', 'This card form has expired. Reload the page and try again.')
    return c.json(
      {
        data:
          result.status === 'succeeded'
            ? { status: result.status, error: null }
            : { status: result.status, error: { ...result.error, field: result.error.field ?? null } },
      },
      200,
    )
  })
}
