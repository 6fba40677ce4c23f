import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireStaff, unauthorisedMessage } from '~/access/caller.server'
import { findMemberInScope, requireGymAdmin } from '~/access/members.server'
import { assertVersion, subscriptionFor } from '~/access/subscriptions.server'
import { subscriptionRoutes as routes } from '~/contracts/api/subscriptions.routes'
import { deskMethodLabels } from '~/contracts/desk-methods'
import { joinRequestSchema } from '~/contracts/join-payment'
import type { Db } from '~/db/client.server'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { calendarDateAt } from '~/server/billing/calendar'
import { auditMembership } from '~/server/services/audit/record-audit.server'
import { syncPersonDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import { joinMembership } from '~/server/services/join/join-membership.server'
import {
  sendCancelNotice,
  sendDeskPaymentReceipt,
  sendPauseNotice,
  sendResumeNotice,
  sendStartEarlyNotice,
  sendUndoCancelNotice,
} from '~/server/services/member-notices/membership-notices.server'
import { recordManualPayment } from '~/server/services/payments/record-manual-payment.server'
import { parseInput } from '~/server/services/service-input.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import { findOrganisationSubscription } from '~/server/services/subscriptions/find-organisation-subscription.server'
import {
  cancelSubscriptionNow,
  startEarlyData,
  startSubscriptionEarly,
  undoCancellation,
} from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { resumeSubscription } from '~/server/services/subscriptions/resume-subscription.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'
import { clientIp } from '../request-info'
import { toSubscriptionResource } from '../resources/subscription'

export function registerSubscriptionRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.create, async (c) => {
    const { user } = requireUser(c)
    const body = c.req.valid('json')
    const db = c.var.database.db
    let memberId = user.id
    if (user.isStaff) {
      // Staff start memberships for members they can see, at gyms they run (SPEC §6, ADR 014).
      const caller = await requireStaff(actorOf(c))
      const member = await findMemberInScope({ db, caller, memberId: body.user_id ?? user.id })
      const gymId = body.gym_id ?? member.homeGymId
      if (gymId !== null) requireGymAdmin(caller, gymId)
      memberId = member.id
    } else {
      if (body.user_id !== undefined && body.user_id !== user.id) {
        throw new AppError('FORBIDDEN', unauthorisedMessage)
      }
      // A member joins through the confirm screen: agreement, idempotency key, first charge.
      const join = parseInput(joinRequestSchema, body)
      const joined = await joinMembership({
        db,
        now: c.var.now,
        providers: c.var.payments.charges,
        mailer: c.var.mailer,
        organisationId: user.organisationId,
        userId: user.id,
        priceId: join.price_id,
        startDate: join.start_date,
        clientKey: join.client_key,
        typedName: join.agreement_name,
        offSessionConsent: join.off_session_consent,
        ipAddress: clientIp(c),
      })
      // The door code is made now, so the welcome page can show it (the job would within seconds).
      await syncPersonDoorAccess({ db, providers: c.var.doors, userId: user.id, now: c.var.now }).catch(
        () => undefined,
      )
      return c.json({ data: toSubscriptionResource(joined.subscription) }, 201)
    }
    // The change and its history line commit together (ADR 025): neither is kept without the other.
    const created = await db.transaction(async (tx) => {
      const membership = await createMembership({
        db: tx,
        now: c.var.now,
        organisationId: user.organisationId,
        userId: memberId,
        priceId: body.price_id,
        gymId: body.gym_id,
        startDate: body.start_date,
        privatePriceLinkId: body.private_price_link_id,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription: membership,
        action: 'membership.created',
        description: `Membership added, starting ${formatDate(membership.startDate)}`,
      })
      return membership
    })
    return c.json({ data: toSubscriptionResource(created) }, 201)
  })

  api.openapi(routes.pause, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    await c.var.database.db.transaction(async (tx) => {
      await pauseSubscription({
        db: tx,
        now: c.var.now,
        organisationId: subscription.organisationId,
        subscriptionId: subscription.id,
        startDate: body.start_date,
        endDate: body.end_date,
        createdByUserId: user.id,
      })
      await sendPauseNotice({
        ...noticeOf(c, tx, subscription),
        startDate: body.start_date,
        endDate: body.end_date,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'membership.paused',
        description: `Paused from ${formatDate(body.start_date)} to ${formatDate(body.end_date)}`,
      })
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription)) }, 200)
  })

  api.openapi(routes.resume, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    assertVersion(subscription, c.req.valid('json').version)
    await c.var.database.db.transaction(async (tx) => {
      const resumed = await resumeSubscription({ db: tx, now: c.var.now, subscription })
      await sendResumeNotice({
        ...noticeOf(c, tx, subscription),
        wasRunning: resumed.wasRunning,
        pause: resumed.pause,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'membership.resumed',
        // A pause that had begun (even today) ended early; only one still ahead was withdrawn.
        description: resumed.wasRunning
          ? `Pause ended early: back from ${formatDate(calendarDateAt(c.var.now))}`
          : 'Planned pause withdrawn',
      })
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription)) }, 200)
  })

  api.openapi(routes.cancel, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    const updated = await c.var.database.db.transaction(async (tx) => {
      const cancelled = body.immediately
        ? await cancelSubscriptionNow({
            db: tx,
            now: c.var.now,
            subscription,
            reasons: body.reasons,
            // A blank comment box is no comment.
            comments: body.comments || null,
          })
        : await cancelSubscription({
            db: tx,
            now: c.var.now,
            organisationId: subscription.organisationId,
            subscriptionId: subscription.id,
            reasons: body.reasons,
            comments: body.comments || null,
          })
      await sendCancelNotice({
        ...noticeOf(c, tx, subscription),
        immediately: body.immediately,
        endsOn: cancelled.currentPeriodEnd,
      })
      const why = body.reasons.length > 0 ? ` (${body.reasons.join(', ')})` : ''
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: body.immediately ? 'membership.cancelled_now' : 'membership.cancelled',
        description: body.immediately
          ? `Cancelled now${why}`
          : `Cancelled at the end of the period${cancelled.currentPeriodEnd ? `, ${formatDate(cancelled.currentPeriodEnd)}` : ''}${why}`,
        details: body.comments ? { comments: body.comments } : {},
      })
      return cancelled
    })
    return c.json({ data: toSubscriptionResource(updated) }, 200)
  })

  api.openapi(routes.undo, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    assertVersion(subscription, c.req.valid('json').version)
    const updated = await c.var.database.db.transaction(async (tx) => {
      const undone = await undoCancellation({ db: tx, now: c.var.now, subscription })
      await sendUndoCancelNotice(noticeOf(c, tx, subscription))
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'membership.cancellation_undone',
        description: 'Cancellation undone',
      })
      return undone
    })
    return c.json({ data: toSubscriptionResource(updated) }, 200)
  })

  api.openapi(routes.manualPayment, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    await c.var.database.db.transaction(async (tx) => {
      const recorded = await recordManualPayment({
        db: tx,
        now: c.var.now,
        subscription,
        amount: body.amount,
        method: body.method,
        note: body.note,
        processedByUserId: user.id,
      })
      await sendDeskPaymentReceipt({
        ...noticeOf(c, tx, subscription),
        paymentId: recorded.payment.id,
        amount: body.amount,
        method: body.method,
        settles: recorded.settles,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'payment.recorded',
        description: `Payment of ${formatCents(body.amount)} recorded at the desk (${deskMethodLabels[body.method]})${body.note ? `: ${body.note}` : ''}`,
      })
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription)) }, 200)
  })

  api.openapi(routes.startEarlyData, async (c) => {
    const { subscription } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'read')
    return c.json(
      { data: await startEarlyData({ db: c.var.database.db, now: c.var.now, subscription }) },
      200,
    )
  })

  api.openapi(routes.startEarly, async (c) => {
    const { subscription, user } = await subscriptionFor(actorOf(c), c.req.valid('param').id, 'manage')
    assertVersion(subscription, c.req.valid('json').version)
    const started = await c.var.database.db.transaction(async (tx) => {
      const early = await startSubscriptionEarly({ db: tx, now: c.var.now, subscription })
      await sendStartEarlyNotice({
        ...noticeOf(c, tx, subscription),
        startDate: early.start_date,
        originalStartDate: early.original_start_date,
        proRataAmount: early.pro_rata_amount,
      })
      await auditMembership(tx, {
        actorId: user.id,
        subscription,
        action: 'membership.started_early',
        description: `Started early instead of on ${formatDate(early.original_start_date)}, ${formatCents(early.pro_rata_amount)} for the days between`,
      })
      return early
    })
    return c.json({ data: toSubscriptionResource(started.subscription) }, 200)
  })
}

/** What a member's notice needs: sent in `tx`, the change's own transaction (the outbox). */
function noticeOf(c: { var: ApiEnv['Variables'] }, tx: Db, subscription: { id: number; userId: number }) {
  return {
    db: tx,
    mailer: c.var.mailer,
    now: c.var.now,
    memberId: subscription.userId,
    subscriptionId: subscription.id,
  }
}

/** The subscription as a service just left it. */
export function reload(
  c: { var: ApiEnv['Variables'] },
  subscription: { id: number; organisationId: number },
) {
  return findOrganisationSubscription({
    db: c.var.database.db,
    organisationId: subscription.organisationId,
    subscriptionId: subscription.id,
  })
}
