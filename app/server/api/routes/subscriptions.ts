import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { and, desc, eq } from 'drizzle-orm'
import { organisations, priceChangeHistory, prices, subscriptions, users } from '~/db/schema'
import {
  cancelRequestSchema,
  changePricePreviewRequestSchema,
  createSubscriptionRequestSchema,
  emailPreviewSchema,
  manualPaymentRequestSchema,
  pauseRequestSchema,
  priceChangeHistoryEntrySchema,
  proRataRequestSchema,
  proRataSchema,
  type SubscriptionResource,
  schedulePriceChangeRequestSchema,
  startEarlyDataSchema,
  startEarlyRequestSchema,
  subscriptionSchema,
  surchargeTotalQuerySchema,
  surchargeTotalSchema,
  undoCancellationRequestSchema,
} from '~/features/subscriptions/contract'
import { formatDate } from '~/lib/dates'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { z } from '~/lib/validation'
import { surchargeTotal } from '~/server/billing/amounts'
import { calendarDateAt } from '~/server/billing/calendar'
import { proRata } from '~/server/billing/pro-rata'
import { escapeHtml } from '~/server/mail/templates.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createMembership } from '~/server/services/subscriptions/create-membership.server'
import {
  cancelSubscriptionNow,
  recordManualPayment,
  type SubscriptionRow,
  schedulePriceChange,
  startEarlyData,
  startSubscriptionEarly,
  undoCancellation,
} from '~/server/services/subscriptions/manage-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import type { ApiEnv } from '../context'
import { dataEnvelope } from '../envelope'
import { requireUser } from '../middleware/session'
import { errorResponses, jsonBody, jsonResponse } from '../openapi'
import { assertVersion, subscriptionFor } from '../subscription-access'

const tags = ['Subscriptions']
const idParam = z.object({ id: z.coerce.number().int().positive() })
const subscriptionResponse = jsonResponse('The subscription', dataEnvelope(subscriptionSchema))
const errors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: jsonResponse('Not found (or another organisation’s)', z.object({ message: z.string() })),
  409: jsonResponse('Changed meanwhile (version)', z.object({ message: z.string() })),
  422: errorResponses[422],
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/** The stored state in the API's snake_case (SPEC §3). */
export function toSubscriptionResource(row: SubscriptionRow): SubscriptionResource {
  return {
    id: row.id,
    user_id: row.userId,
    gym_id: row.gymId,
    price_id: row.priceId,
    start_date: row.startDate,
    current_period_start: row.currentPeriodStart,
    current_period_end: row.currentPeriodEnd,
    paused_at: iso(row.pausedAt),
    pause_start_at: row.pauseStartAt,
    pause_end_at: row.pauseEndAt,
    cancelled_at: iso(row.cancelledAt),
    cancellation_reasons: row.cancellationReasons,
    cancellation_comments: row.cancellationComments,
    undo_cancellation_until: iso(row.undoCancellationUntil),
    grace_period_ends_at: row.gracePeriodEndsAt,
    upcoming_state: row.upcomingState,
    transition_to_price: row.transitionToPriceId,
    transition_takes_effect_at: row.transitionTakesEffectAt,
    transition_to_date: row.transitionToDate,
    force_price_amount: row.forcePriceAmount,
    term_ends_at: row.termEndsAt,
    cooling_period_ends_at: row.coolingPeriodEndsAt,
    cancelled_during_cooling_off_period: row.cancelledDuringCoolingOffPeriod,
    balance_owing: row.balanceOwing,
    periods_owing: row.periodsOwing,
    version: row.version,
  }
}

const post = <P extends string, B extends z.ZodType>(path: P, summary: string, body: B) =>
  createRoute({
    method: 'post',
    path,
    tags,
    summary,
    request: { params: idParam, ...jsonBody(body) },
    responses: { 200: subscriptionResponse, ...errors },
  })

const routes = {
  create: createRoute({
    method: 'post',
    path: '/subscriptions',
    tags,
    summary: 'Start a membership (a member for themselves, or staff for a member)',
    request: jsonBody(createSubscriptionRequestSchema),
    responses: { 201: subscriptionResponse, ...errors },
  }),
  pause: post(
    '/subscriptions/{id}/pause',
    'Pause: no charge while paused; later billing dates move by the paused days',
    pauseRequestSchema,
  ),
  cancel: post(
    '/subscriptions/{id}/cancel',
    'Cancel at the end of the period (undoable), or now (staff)',
    cancelRequestSchema,
  ),
  undo: post(
    '/subscriptions/{id}/undo-cancellation',
    'Undo a cancellation before it takes effect',
    undoCancellationRequestSchema,
  ),
  manualPayment: post(
    '/subscriptions/{id}/manual-payment',
    'Record a payment taken by hand',
    manualPaymentRequestSchema,
  ),
  startEarly: post(
    '/subscriptions/{id}/start-early',
    'Start an upcoming membership today',
    startEarlyRequestSchema,
  ),
  startEarlyData: createRoute({
    method: 'get',
    path: '/subscriptions/{id}/start-early-data',
    tags,
    summary: 'What starting an upcoming membership today would cost',
    request: { params: idParam },
    responses: { 200: jsonResponse('The cost', dataEnvelope(startEarlyDataSchema)), ...errors },
  }),
  schedulePriceChange: createRoute({
    method: 'post',
    path: '/subscriptions/schedule-price-change',
    tags,
    summary: 'Move a membership to another price at the end of its period (or on a date)',
    request: jsonBody(schedulePriceChangeRequestSchema),
    responses: { 200: subscriptionResponse, ...errors },
  }),
  preview: createRoute({
    method: 'post',
    path: '/subscriptions/change-price-email-preview',
    tags,
    summary: 'The e-mail a member would get about a price change',
    request: jsonBody(changePricePreviewRequestSchema),
    responses: { 200: jsonResponse('The e-mail', dataEnvelope(emailPreviewSchema)), ...errors },
  }),
  history: createRoute({
    method: 'get',
    path: '/users/{id}/price-change-history',
    tags,
    summary: 'Price changes of a member’s memberships',
    request: { params: idParam },
    responses: {
      200: jsonResponse('History', dataEnvelope(z.array(priceChangeHistoryEntrySchema))),
      ...errors,
    },
  }),
  surchargeTotal: createRoute({
    method: 'get',
    path: '/surcharge-total',
    tags: ['Billing'],
    summary: 'An amount with the organisation’s card surcharge',
    request: { query: surchargeTotalQuerySchema },
    responses: { 200: jsonResponse('Total', dataEnvelope(surchargeTotalSchema)), ...errors },
  }),
  proRata: createRoute({
    method: 'post',
    path: '/prices/{id}/pro-rata',
    tags: ['Billing'],
    summary: 'The pro-rata amount from a start date to a billing date (ADR 011)',
    request: { params: idParam, ...jsonBody(proRataRequestSchema) },
    responses: { 200: jsonResponse('Pro-rata', dataEnvelope(proRataSchema)), ...errors },
  }),
}

export function registerSubscriptionRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.create, async (c) => {
    const { user } = requireUser(c)
    const body = c.req.valid('json')
    const db = c.var.database.db
    let memberId = user.id
    if (body.user_id !== undefined && body.user_id !== user.id) {
      if (!user.isStaff) throw new AppError('FORBIDDEN', 'This action is unauthorized.')
      memberId = body.user_id
    }
    const created = await createMembership({
      db,
      now: c.var.now,
      organisationId: user.organisationId,
      userId: memberId,
      priceId: body.price_id,
      gymId: body.gym_id,
      startDate: body.start_date,
      privatePriceLinkId: body.private_price_link_id,
    })
    return c.json({ data: toSubscriptionResource(created) }, 201)
  })

  api.openapi(routes.pause, async (c) => {
    const { subscription, user } = await subscriptionFor(c, c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    const db = c.var.database.db
    await pauseSubscription({
      db,
      now: c.var.now,
      organisationId: subscription.organisationId,
      subscriptionId: subscription.id,
      startDate: body.start_date,
      endDate: body.end_date,
      createdByUserId: user.id,
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription.id)) }, 200)
  })

  api.openapi(routes.cancel, async (c) => {
    const { subscription } = await subscriptionFor(c, c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    const db = c.var.database.db
    const updated = body.immediately
      ? await cancelSubscriptionNow({
          db,
          now: c.var.now,
          subscription,
          reasons: body.reasons,
          comments: body.comments,
        })
      : await cancelSubscription({
          db,
          now: c.var.now,
          organisationId: subscription.organisationId,
          subscriptionId: subscription.id,
          reasons: body.reasons,
          comments: body.comments ?? null,
        })
    return c.json({ data: toSubscriptionResource(updated) }, 200)
  })

  api.openapi(routes.undo, async (c) => {
    const { subscription } = await subscriptionFor(c, c.req.valid('param').id, 'manage')
    assertVersion(subscription, c.req.valid('json').version)
    const updated = await undoCancellation({ db: c.var.database.db, now: c.var.now, subscription })
    return c.json({ data: toSubscriptionResource(updated) }, 200)
  })

  api.openapi(routes.manualPayment, async (c) => {
    const { subscription, user } = await subscriptionFor(c, c.req.valid('param').id, 'manage')
    const body = c.req.valid('json')
    assertVersion(subscription, body.version)
    await recordManualPayment({
      db: c.var.database.db,
      now: c.var.now,
      subscription,
      amount: body.amount,
      note: body.note,
      processedByUserId: user.id,
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription.id)) }, 200)
  })

  api.openapi(routes.startEarlyData, async (c) => {
    const { subscription } = await subscriptionFor(c, c.req.valid('param').id, 'read')
    return c.json(
      { data: await startEarlyData({ db: c.var.database.db, now: c.var.now, subscription }) },
      200,
    )
  })

  api.openapi(routes.startEarly, async (c) => {
    const { subscription } = await subscriptionFor(c, c.req.valid('param').id, 'manage')
    assertVersion(subscription, c.req.valid('json').version)
    const started = await startSubscriptionEarly({ db: c.var.database.db, now: c.var.now, subscription })
    return c.json({ data: toSubscriptionResource(started.subscription) }, 200)
  })

  api.openapi(routes.schedulePriceChange, async (c) => {
    const body = c.req.valid('json')
    const { subscription, user } = await subscriptionFor(c, body.subscription_id, 'manage')
    assertVersion(subscription, body.version)
    await schedulePriceChange({
      db: c.var.database.db,
      now: c.var.now,
      subscription,
      priceId: body.price_id,
      date: body.date,
      scheduledByUserId: user.id,
    })
    return c.json({ data: toSubscriptionResource(await reload(c, subscription.id)) }, 200)
  })

  api.openapi(routes.preview, async (c) => {
    const body = c.req.valid('json')
    const { subscription } = await subscriptionFor(c, body.subscription_id, 'manage')
    const db = c.var.database.db
    const [[member], [organisation], [from], [to]] = await Promise.all([
      db.select().from(users).where(eq(users.id, subscription.userId)),
      db.select().from(organisations).where(eq(organisations.id, subscription.organisationId)),
      db.select().from(prices).where(eq(prices.id, subscription.priceId)),
      db
        .select()
        .from(prices)
        .where(and(eq(prices.id, body.price_id), eq(prices.organisationId, subscription.organisationId))),
    ])
    if (!member || !organisation || !from || !to) throw new AppError('NOT_FOUND', 'Price not found.')
    const on = body.date ?? subscription.currentPeriodEnd ?? calendarDateAt(c.var.now)
    const text = [
      `Kia ora ${member.name},`,
      '',
      `From ${formatDate(on)} your ${organisation.name} membership will cost ${formatCents(to.amount)} ${to.billingFrequency.replace('_', ' ')} (it is ${formatCents(subscription.forcePriceAmount ?? from.amount)} now).`,
      'You don’t need to do anything. If you have questions, reply to this e-mail or talk to us at the front desk.',
      '',
      `Sent by Gymbase on behalf of ${organisation.name}`,
    ].join('\n')
    const html = text
      .split('\n')
      .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
      .join('')
    return c.json(
      {
        data: {
          to: member.email,
          subject: `Your ${organisation.name} membership price is changing`,
          html,
          text,
        },
      },
      200,
    )
  })

  api.openapi(routes.history, async (c) => {
    const { user } = requireUser(c)
    const memberId = c.req.valid('param').id
    if (!user.isStaff && memberId !== user.id) throw new AppError('NOT_FOUND', 'Member not found.')
    const rows = await c.var.database.db
      .select()
      .from(priceChangeHistory)
      .where(
        and(
          eq(priceChangeHistory.userId, memberId),
          eq(priceChangeHistory.organisationId, user.organisationId),
        ),
      )
      .orderBy(desc(priceChangeHistory.createdAt))
    return c.json(
      {
        data: rows.map((row) => ({
          id: row.id,
          subscription_id: row.subscriptionId,
          from_price_id: row.fromPriceId,
          to_price_id: row.toPriceId,
          from_amount: row.fromAmount,
          to_amount: row.toAmount,
          takes_effect_on: row.takesEffectOn,
          applied_at: iso(row.appliedAt),
          created_at: row.createdAt.toISOString(),
        })),
      },
      200,
    )
  })

  api.openapi(routes.surchargeTotal, async (c) => {
    const { user } = requireUser(c)
    const query = c.req.valid('query')
    const [organisation] = await c.var.database.db
      .select()
      .from(organisations)
      .where(eq(organisations.id, user.organisationId))
    if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.')
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

  api.openapi(routes.proRata, async (c) => {
    const { user } = requireUser(c)
    const body = c.req.valid('json')
    const [price] = await c.var.database.db
      .select()
      .from(prices)
      .where(and(eq(prices.id, c.req.valid('param').id), eq(prices.organisationId, user.organisationId)))
    if (!price) throw new AppError('NOT_FOUND', 'Price not found.')
    const result = proRata({ price, startDate: body.start_date, billingDate: body.billing_date })
    return c.json(
      {
        data: {
          amount: result.amount,
          days: result.days,
          period_days: result.periodDays,
          daily_rate: result.dailyRate,
          explanation: result.explanation,
        },
      },
      200,
    )
  })
}

async function reload(c: { var: ApiEnv['Variables'] }, id: number) {
  const [row] = await c.var.database.db.select().from(subscriptions).where(eq(subscriptions.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Membership not found.')
  return row
}
