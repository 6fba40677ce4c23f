import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireStaff } from '~/access/caller.server'
import { findMemberInScope } from '~/access/members.server'
import { assertVersion, subscriptionFor } from '~/access/subscriptions.server'
import { subscriptionRoutes as routes } from '~/contracts/api/subscriptions.routes'
import { AppError } from '~/lib/errors'
import { surchargeTotal } from '~/server/billing/amounts'
import { auditMembership } from '~/server/services/audit/record-audit.server'
import { findOrganisation } from '~/server/services/organisations/find-organisation.server'
import { findPriceChangeHistory } from '~/server/services/subscriptions/find-price-change-history.server'
import { schedulePriceChange } from '~/server/services/subscriptions/manage-subscription.server'
import {
  memberPriceChangeNotice,
  previewPriceChangeMail,
} from '~/server/services/subscriptions/preview-price-change-mail.server'
import { priceChangeScheduledDescription } from '~/server/services/subscriptions/price-change-rules.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { toPriceChangeHistoryResource, toSubscriptionResource } from '../resources/subscription'
import { reload } from './subscriptions'

/** A membership's price: schedule a change (with its notice), preview it, its history, and card surcharges. */
export function registerSubscriptionPriceRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.schedulePriceChange, async (c) => {
    const body = c.req.valid('json')
    const { subscription, user } = await subscriptionFor(actorOf(c), body.subscription_id, 'manage')
    assertVersion(subscription, body.version)
    // The change, the member's notice (the outbox) and the history line commit together.
    await c.var.database.db.transaction(async (tx) => {
      const scheduled = await schedulePriceChange({
        db: tx,
        now: c.var.now,
        subscription,
        priceId: body.price_id,
        date: body.date,
        scheduledByUserId: user.id,
      })
      // The member is told, in the words staff previewed (issue 15).
      const notice = await memberPriceChangeNotice({
        db: tx,
        subscription,
        from: scheduled.from,
        to: scheduled.to,
        on: scheduled.takesEffectOn,
      })
      await c.var.mailer.send({
        db: tx,
        organisationId: subscription.organisationId,
        to: notice.to,
        message: { subject: notice.subject, html: notice.html, text: notice.text },
        memberId: subscription.userId,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'membership.price_change_scheduled',
        description: priceChangeScheduledDescription({
          toAmount: scheduled.to.amount,
          takesEffectOn: scheduled.takesEffectOn,
        }),
        details: { price_id: body.price_id },
      })
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription)) }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const body = c.req.valid('json')
    const { subscription } = await subscriptionFor(actorOf(c), body.subscription_id, 'manage')
    const mail = await previewPriceChangeMail({
      db: c.var.database.db,
      now: c.var.now,
      subscription,
      priceId: body.price_id,
      date: body.date,
    })
    return c.json({ data: mail }, 200)
  })

  api.openapi(routes.history, async (c) => {
    const { user } = requireUser(c)
    const db = c.var.database.db
    let memberId = c.req.valid('param').id
    if (user.isStaff) {
      memberId = (await findMemberInScope({ db, caller: await requireStaff(actorOf(c)), memberId })).id
    } else if (memberId !== user.id) {
      throw new AppError('NOT_FOUND', 'Member not found.')
    }
    const rows = await findPriceChangeHistory({ db, organisationId: user.organisationId, memberId })
    return c.json({ data: rows.map(toPriceChangeHistoryResource) }, 200)
  })

  api.openapi(routes.surchargeTotal, async (c) => {
    const { user } = requireUser(c)
    const query = c.req.valid('query')
    const organisation = await findOrganisation({
      db: c.var.database.db,
      organisationId: user.organisationId,
    })
    const total = surchargeTotal({
      amount: query.amount,
      paymentType: query.payment_type,
      settings: organisation,
    })
    return c.json(
      {
        data: {
          amount: total.amount,
          surcharge: total.surcharge,
          total: total.total,
          surcharge_text: total.surchargeText,
        },
      },
      200,
    )
  })
}
