import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireArea, requireStaff } from '~/access/caller.server'
import { requireGymToSetUp } from '~/access/gyms.server'
import { gymRoutes } from '~/contracts/api/gyms.routes'
import { chooseLogoMessage, logoCollectionMessage } from '~/contracts/gyms'
import { AppError } from '~/lib/errors'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { addGym } from '~/server/services/gyms/add-gym.server'
import { findGymLogoKey } from '~/server/services/gyms/find-gym-logo.server'
import { findGyms } from '~/server/services/gyms/find-gyms.server'
import { setGymLogo } from '~/server/services/gyms/set-gym-logo.server'
import { updateDestinationAccount } from '~/server/services/gyms/update-destination-account.server'
import { switchCurrentGym } from '~/server/services/users/switch-current-gym.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { publicSiteUrl } from '../request-info'
import { toGymResource } from '../resources/gym'

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
    const [row] = await findGyms({
      db: c.var.database.db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: id,
    })
    // Another organisation's gym, or one the caller doesn't work at, is unknown; their own, a 403.
    if (!row || !caller.gymIds.includes(id)) throw new AppError('NOT_FOUND', 'Gym not found.')
    requireArea(caller, 'organisation')
    return c.json({ data: toGymResource(row) }, 200)
  })

  api.openapi(gymRoutes.updateDestinationAccount, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const { id, accountId } = c.req.valid('param')
    requireGymToSetUp(caller, id)
    const body = c.req.valid('json')
    const db = c.var.database.db
    const changed = await updateDestinationAccount({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      gymId: id,
      accountId,
      name: body.name,
      bankAccountNumber: body.bank_account_number,
      acceptDemoBank: c.var.payments.bankConsents.name === 'sandbox_bank',
      actorId: caller.user.id,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    const [row] = await findGyms({
      db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: id,
    })
    if (!row) throw new AppError('NOT_FOUND', 'Gym not found.')
    const told = changed.bankPayersTold
    return c.json(
      {
        data: toGymResource(row),
        bank_payers: told,
        message:
          told === 0
            ? 'Bank payments will be paid into the new account.'
            : `Bank payments will be paid into the new account. ${told === 1 ? 'One member who pays' : `${told} members who pay`} by bank ${told === 1 ? 'was' : 'were'} e-mailed to reconnect their bank.`,
      },
      200,
    )
  })

  api.openapi(gymRoutes.create, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'organisation')
    const body = c.req.valid('json')
    const db = c.var.database.db
    const gym = await addGym({
      db,
      now: c.var.now,
      organisationId: caller.organisationId,
      name: body.name,
      account: {
        name: body.destination_account.name,
        bankAccountNumber: body.destination_account.bank_account_number,
      },
      acceptDemoBank: c.var.payments.bankConsents.name === 'sandbox_bank',
      actorId: caller.user.id,
    })
    const [row] = await findGyms({
      db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: gym.id,
    })
    if (!row) throw new AppError('NOT_FOUND', 'Gym not found.')
    return c.json({ data: toGymResource(row) }, 201)
  })

  api.openapi(gymRoutes.uploadLogo, async (c) => {
    const caller = await requireStaff(actorOf(c))
    const id = c.req.valid('param').id
    requireGymToSetUp(caller, id)
    const form = c.req.valid('form')
    if (form.collection !== 'logo') {
      throw new AppError('VALIDATION', logoCollectionMessage, {
        fieldErrors: { collection: [logoCollectionMessage] },
      })
    }
    if (!(form.file instanceof File)) {
      throw new AppError('VALIDATION', chooseLogoMessage, { fieldErrors: { file: [chooseLogoMessage] } })
    }
    const db = c.var.database.db
    await setGymLogo({
      db,
      storage: c.var.storage,
      organisationId: caller.organisationId,
      gymId: id,
      upload: new Uint8Array(await form.file.arrayBuffer()),
      actorId: caller.user.id,
      now: c.var.now,
    })
    const [row] = await findGyms({
      db,
      organisationId: caller.organisationId,
      viewerId: caller.user.id,
      gymId: id,
    })
    if (!row) throw new AppError('NOT_FOUND', 'Gym not found.')
    return c.json({ data: toGymResource(row) }, 200)
  })

  // Public: the join site shows a gym's logo to anyone choosing where to join.
  api.openapi(gymRoutes.logo, async (c) => {
    const key = await findGymLogoKey({ db: c.var.database.db, uuid: c.req.valid('param').uuid })
    const file = key ? await c.var.storage.get(key) : undefined
    if (!file) throw new AppError('NOT_FOUND', 'No logo yet.')
    return c.body(file.bytes, 200, {
      'Content-Type': file.contentType,
      // Its address changes with the logo, so it may be kept a long time.
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    })
  })
}
