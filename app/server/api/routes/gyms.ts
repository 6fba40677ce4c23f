import type { OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { requireArea, requireStaff } from '~/access/caller.server'
import { requireGymToSetUp } from '~/access/gyms.server'
import { gymRoutes } from '~/contracts/api/gyms.routes'
import { recordIdParam } from '~/lib/validation'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { addGym } from '~/server/services/gyms/add-gym.server'
import { findGymLogo } from '~/server/services/gyms/find-gym-logo.server'
import { findGym, findGyms } from '~/server/services/gyms/find-gyms.server'
import { setUploadedGymLogo } from '~/server/services/gyms/set-gym-logo.server'
import { updateDestinationAccount } from '~/server/services/gyms/update-destination-account.server'
import { updateGymContact } from '~/server/services/gyms/update-gym-contact.server'
import { switchCurrentGym } from '~/server/services/users/switch-current-gym.server'
import { actorOf, staffAction } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { publicSiteUrl } from '../request-info'
import { toGymResource } from '../resources/gym'

/**
 * The gym named by the path, checked before the body is read (route middleware runs before the
 * validators): another organisation's gym is a 404 whatever was sent, never a 422 about the body.
 */
const gymToSetUpFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const id = recordIdParam.safeParse(c.req.param('id'))
  if (id.success) requireGymToSetUp(await requireStaff(actorOf(c)), id.data)
  await next()
}

export function registerGymSwitchRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(gymRoutes.switch, async (c) => {
    const { user } = requireUser(c)
    const db = c.var.database.db
    const updated = await switchCurrentGym({ db, user, gymId: c.req.valid('param').id, now: c.var.now })
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })

  // The organisation's gyms: organisation admins only (ADR 014's "organisation" area).
  api.openapi(gymRoutes.list, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'organisation')
    const rows = await findGyms({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
    })
    return c.json({ data: rows.map(toGymResource) }, 200)
  })

  api.openapi(gymRoutes.show, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const id = c.req.valid('param').id
    // Another organisation's gym, or one the caller doesn't work at, is unknown; their own, a 403.
    requireGymToSetUp(caller, id)
    const row = await findGym({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: id,
    })
    return c.json({ data: toGymResource(row) }, 200)
  })

  api.openapi(gymRoutes.updateDestinationAccount, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const { id, accountId } = c.req.valid('param')
    requireGymToSetUp(caller, id)
    const body = c.req.valid('json')
    const changed = await updateDestinationAccount({
      ...staffAction(c, caller),
      gymId: id,
      accountId,
      name: body.name,
      bankAccountNumber: body.bank_account_number,
      acceptDemoBank: c.var.payments.bankConsents.name === 'sandbox_bank',
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    const answer = { data: toGymResource(changed.gym), bank_payers: changed.bankPayersTold }
    return c.json({ ...answer, message: changed.message }, 200)
  })

  api.openapi({ ...gymRoutes.updateContact, middleware: [gymToSetUpFirst] }, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const id = c.req.valid('param').id
    requireGymToSetUp(caller, id)
    const action = staffAction(c, caller)
    await updateGymContact({ ...action, gymId: id, contact: c.req.valid('json') })
    const row = await findGym({ ...action, viewerId: caller.user.id, gymId: id })
    return c.json({ data: toGymResource(row) }, 200)
  })

  api.openapi(gymRoutes.create, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'organisation')
    const body = c.req.valid('json')
    const row = await addGym({
      ...staffAction(c, caller),
      name: body.name,
      account: {
        name: body.destination_account.name,
        bankAccountNumber: body.destination_account.bank_account_number,
      },
      acceptDemoBank: c.var.payments.bankConsents.name === 'sandbox_bank',
    })
    return c.json({ data: toGymResource(row) }, 201)
  })

  api.openapi(gymRoutes.uploadLogo, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const id = c.req.valid('param').id
    requireGymToSetUp(caller, id)
    const row = await setUploadedGymLogo({
      ...staffAction(c, caller),
      storage: c.var.storage,
      gymId: id,
      form: c.req.valid('form'),
    })
    return c.json({ data: toGymResource(row) }, 200)
  })

  // Public: the join site shows a gym's logo to anyone choosing where to join.
  api.openapi(gymRoutes.logo, async (c) => {
    const file = await findGymLogo({
      db: c.var.database.db,
      storage: c.var.storage,
      uuid: c.req.valid('param').uuid,
    })
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      // Its address changes with the logo, so it may be kept a long time.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
