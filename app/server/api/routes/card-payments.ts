import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireArea, requireStaff } from '~/access/caller.server'
import { requireGymToSetUp } from '~/access/gyms.server'
import { cardPaymentRoutes as routes } from '~/contracts/api/card-payments.routes'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import {
  connectCardPayments,
  startCardPaymentsOnboarding,
} from '~/server/services/gyms/card-payments-onboarding.server'
import {
  showSandboxOnboarding,
  submitSandboxOnboarding,
} from '~/server/services/gyms/sandbox-card-onboarding.server'
import { approveSandboxCardCharge } from '~/server/services/payments/approve-sandbox-card-charge.server'
import { requireSandboxProvider } from '~/server/services/sandbox/require-sandbox.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { clientIp, publicSiteUrl } from '../request-info'
import { toGymResource } from '../resources/gym'

export function registerCardPaymentRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.redirect, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const id = c.req.valid('param').id
    requireGymToSetUp(caller, id)
    const { url } = await startCardPaymentsOnboarding({
      db: c.var.database.db,
      now: c.var.now,
      provider: c.var.payments.cardAccounts,
      organisationId: caller.organisationId,
      gymId: id,
      userId: caller.user.id,
      siteUrl: publicSiteUrl,
    })
    return c.json({ data: { url } }, 200)
  })

  api.openapi(routes.exchange, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'organisation')
    const finished = await connectCardPayments({
      db: c.var.database.db,
      now: c.var.now,
      provider: c.var.payments.cardAccounts,
      organisationId: caller.organisationId,
      userId: caller.user.id,
      state: c.req.valid('json').state,
    })
    const data = {
      connected: finished.connected,
      charges_enabled: finished.chargesEnabled,
      payouts_enabled: finished.payoutsEnabled,
      gym: toGymResource(finished.gym),
    }
    return c.json({ data, message: finished.message }, 200)
  })

  // The sandbox provider's own hosted page: its single-use link is the credential, as Stripe's is.
  api.openapi(routes.sandboxOnboarding, async (c) => {
    requireSandboxProvider(c.var.payments.cardAccounts)
    const found = await showSandboxOnboarding({
      db: c.var.database.db,
      link: c.req.valid('query').link,
      now: c.var.now,
    })
    const data = {
      account_id: found.account.id,
      business_name: found.account.businessName,
      email: found.email,
      country: found.country,
    }
    return c.json({ data }, 200)
  })

  api.openapi(routes.sandboxCardApproval, async (c) => {
    requireSandboxProvider(c.var.payments.charges.card)
    const body = c.req.valid('json')
    const db = c.var.database.db
    await consumeLimit({ db, name: 'sandboxCardApproval', key: `ip:${clientIp(c)}` })
    const status = await approveSandboxCardCharge({
      db,
      payments: c.var.payments,
      mailer: c.var.mailer,
      clientSecret: body.client_secret,
      approved: body.approved,
      now: c.var.now,
    })
    return c.json({ data: { status } }, 200)
  })

  api.openapi(routes.sandboxOnboardingFinish, async (c) => {
    requireSandboxProvider(c.var.payments.cardAccounts)
    const body = c.req.valid('json')
    const redirectTo = await submitSandboxOnboarding({
      db: c.var.database.db,
      link: body.link,
      now: c.var.now,
      details: body.action === 'submit' ? { businessName: body.business_name, email: body.email } : null,
    })
    return c.json({ data: { redirect_to: redirectTo } }, 200)
  })
}
