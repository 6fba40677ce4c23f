import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireArea, requireStaff } from '~/access/caller.server'
import { requireGymToSetUp } from '~/access/gyms.server'
import { cardPaymentRoutes as routes } from '~/contracts/api/card-payments.routes'
import { AppError } from '~/lib/errors'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import {
  finishSandboxOnboarding,
  readSandboxOnboarding,
} from '~/server/providers/payments/card-account-sandbox.server'
import {
  finishCardPaymentsOnboarding,
  startCardPaymentsOnboarding,
} from '~/server/services/gyms/card-payments-onboarding.server'
import { findGyms } from '~/server/services/gyms/find-gyms.server'
import { approveSandboxCardCharge } from '~/server/services/payments/approve-sandbox-card-charge.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { clientIp, publicSiteUrl } from '../request-info'
import { toGymResource } from '../resources/gym'

const linkGone =
  'This onboarding link has expired or was already used. Go back to Gymbase and start connecting again.'

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
    const db = c.var.database.db
    const finished = await finishCardPaymentsOnboarding({
      db,
      now: c.var.now,
      provider: c.var.payments.cardAccounts,
      organisationId: caller.organisationId,
      userId: caller.user.id,
      state: c.req.valid('json').state,
    })
    const [row] = await findGyms({
      db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: finished.gymId,
    })
    if (!row) throw new AppError('NOT_FOUND', 'Gym not found.')
    const message = finished.connected
      ? `Card payments are connected for ${row.gym.name}.`
      : `You left before finishing, so card payments aren’t connected for ${row.gym.name} yet.`
    return c.json(
      {
        data: {
          connected: finished.connected,
          charges_enabled: finished.chargesEnabled,
          payouts_enabled: finished.payoutsEnabled,
          gym: toGymResource(row),
        },
        message,
      },
      200,
    )
  })

  // The sandbox provider's own hosted page: its single-use link is the credential, as Stripe's is.
  const requireSandbox = (c: { var: ApiEnv['Variables'] }) => {
    if (!c.var.payments.cardAccounts.name.startsWith('sandbox_')) throw new AppError('NOT_FOUND', 'Not Found')
  }

  api.openapi(routes.sandboxOnboarding, async (c) => {
    requireSandbox(c)
    const found = await readSandboxOnboarding({
      db: c.var.database.db,
      link: c.req.valid('query').link,
      now: c.var.now,
    })
    if (!found) throw new AppError('NOT_FOUND', linkGone)
    return c.json(
      {
        data: {
          account_id: found.account.id,
          business_name: found.account.businessName,
          email: found.email,
          country: found.country,
        },
      },
      200,
    )
  })

  api.openapi(routes.sandboxCardApproval, async (c) => {
    if (!c.var.payments.charges.card.name.startsWith('sandbox_')) throw new AppError('NOT_FOUND', 'Not Found')
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
    if (!status) throw new AppError('NOT_FOUND', 'This payment is no longer waiting for approval.')
    return c.json({ data: { status } }, 200)
  })

  api.openapi(routes.sandboxOnboardingFinish, async (c) => {
    requireSandbox(c)
    const body = c.req.valid('json')
    const redirectTo = await finishSandboxOnboarding({
      db: c.var.database.db,
      link: body.link,
      now: c.var.now,
      details: body.action === 'submit' ? { businessName: body.business_name, email: body.email } : null,
    })
    if (!redirectTo) throw new AppError('NOT_FOUND', linkGone)
    return c.json({ data: { redirect_to: redirectTo } }, 200)
  })
}
