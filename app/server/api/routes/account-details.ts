import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireSignedIn } from '~/access/actor.server'
import { requireArea, requireStaff } from '~/access/caller.server'
import { findManageableMember, findMemberWithMoneyRight } from '~/access/members.server'
import { memberClosureRoutes, accountDetailsRoutes as routes } from '~/contracts/api/account-details.routes'
import type { Db } from '~/db/client.server'
import { calendarDateAt } from '~/server/billing/calendar'
import {
  cancelEmailChange,
  confirmEmailChange,
  emailChangedMessage,
  requestEmailChange,
  resendEmailChange,
} from '~/server/services/account/change-email.server'
import {
  changeOwnPassword,
  passwordChangedOnAccountMessage,
  signOutEverywhere,
} from '~/server/services/account/change-password.server'
import {
  askForClosure,
  findOpenClosure,
  handleClosure,
  withdrawClosure,
} from '~/server/services/account/closure-requests.server'
import { collectMemberData, memberDataCsv } from '~/server/services/account/data-export.server'
import { findAccountDetails } from '~/server/services/account/find-account-details.server'
import { updateContactDetails } from '~/server/services/account/update-contact-details.server'
import { actorOf, memberCall, staffAction } from '../actor'
import type { ApiEnv } from '../context'
import { clearSessionCookie } from '../middleware/session'
import { publicSiteUrl } from '../request-info'
import {
  fromContactDetailsRequest,
  toAccountDetailsResource,
  toMemberClosureResource,
} from '../resources/account-details'

/** The member's own details on their account (issue 28, point 7), and staff's view of a closure request. */
export function registerAccountDetailsRoutes(api: OpenAPIHono<ApiEnv>) {
  const detailsOf = async (member: { db: Db; userId: number }) =>
    toAccountDetailsResource(await findAccountDetails(member))

  /** The member's call, with their own row as the session read it. */
  const own = (c: Parameters<typeof memberCall>[0]) => {
    const member = memberCall(c)
    const auth = requireSignedIn(actorOf(c))
    return { ...member, user: auth.user, sessionId: auth.session.id }
  }

  api.openapi(routes.show, async (c) => c.json({ data: await detailsOf(memberCall(c)) }, 200))

  api.openapi(routes.contact, async (c) => {
    const member = memberCall(c)
    await updateContactDetails({ ...member, fields: fromContactDetailsRequest(c.req.valid('json')) })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(routes.changeEmail, async (c) => {
    const { user, sessionId: _, ...member } = own(c)
    const body = c.req.valid('json')
    await requestEmailChange({
      ...member,
      member: user,
      email: body.email,
      password: body.password,
      mailer: c.var.mailer,
      siteUrl: publicSiteUrl,
    })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(routes.resendEmailChange, async (c) => {
    const { user, sessionId: _, ...member } = own(c)
    await resendEmailChange({ ...member, member: user, mailer: c.var.mailer, siteUrl: publicSiteUrl })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(routes.cancelEmailChange, async (c) => {
    const { user, sessionId: _, ...member } = own(c)
    await cancelEmailChange({ ...member, member: user })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(routes.confirmEmailChange, async (c) => {
    await confirmEmailChange({ db: c.var.database.db, now: c.var.now, ...c.req.valid('json') })
    return c.json({ message: emailChangedMessage }, 200)
  })

  api.openapi(routes.changePassword, async (c) => {
    const body = c.req.valid('json')
    await changeOwnPassword({ ...own(c), currentPassword: body.current_password, password: body.password })
    return c.json({ message: passwordChangedOnAccountMessage }, 200)
  })

  api.openapi(routes.signOutEverywhere, async (c) => {
    await signOutEverywhere(memberCall(c))
    clearSessionCookie(c)
    return c.body(null, 204)
  })

  api.openapi(routes.dataExport, async (c) => {
    const data = await collectMemberData(memberCall(c))
    const { format } = c.req.valid('query')
    const fileName = `gymbase-your-data-${calendarDateAt(c.var.now)}.${format}`
    const headers = {
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    }
    if (format === 'csv') {
      return c.body(memberDataCsv(data), 200, { ...headers, 'Content-Type': 'text/csv; charset=utf-8' })
    }
    return c.body(JSON.stringify(data, null, 2), 200, {
      ...headers,
      'Content-Type': 'application/json; charset=utf-8',
    })
  })

  api.openapi(routes.askClosure, async (c) => {
    const member = memberCall(c)
    await askForClosure({ ...member, reason: c.req.valid('json').reason, mailer: c.var.mailer })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(routes.withdrawClosure, async (c) => {
    const member = memberCall(c)
    await withdrawClosure({ ...member, mailer: c.var.mailer })
    return c.json({ data: await detailsOf(member) }, 200)
  })

  api.openapi(memberClosureRoutes.show, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const db = c.var.database.db
    const { member, seesMoney } = await findMemberWithMoneyRight({
      db,
      caller,
      memberId: c.req.valid('param').id,
    })
    const found = await findOpenClosure({ db, memberId: member.id })
    return c.json({ data: toMemberClosureResource(found, { seesMoney }) }, 200)
  })

  api.openapi(memberClosureRoutes.handle, async (c) => {
    const caller = await requireStaff(actorOf(c))
    requireArea(caller, 'members')
    const db = c.var.database.db
    const member = await findManageableMember({ db, caller, memberId: c.req.valid('param').id })
    await handleClosure({ ...staffAction(c, caller), memberId: member.id })
    return c.json({ message: 'The request to close the account is marked as handled.' }, 200)
  })
}
