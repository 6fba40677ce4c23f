import type { OpenAPIHono } from '@hono/zod-openapi'
import { requireMemberSelf } from '~/access/member-self.server'
import { membershipRoutes as routes } from '~/contracts/api/membership.routes'
import { describeMemberDoorAccess } from '~/server/services/door-access/member-door-access.server'
import { findActiveSubscription } from '~/server/services/join/find-active-subscription.server'
import { findMembershipOptions, quoteMembership } from '~/server/services/join/membership-quote.server'
import { actorOf } from '../actor'
import type { ApiEnv } from '../context'
import { toJoinOfferingResource } from '../resources/join-offering'

export function registerMembershipRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.options, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const options = await findMembershipOptions({ db: c.var.database.db, now: c.var.now, userId: member.id })
    return c.json(
      {
        data: {
          gym: { id: options.gym.id, name: options.gym.name },
          private_price: options.privatePriceLinkId !== null,
          offerings: options.offerings.map(toJoinOfferingResource),
        },
      },
      200,
    )
  })

  api.openapi(routes.quote, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const query = c.req.valid('query')
    const quote = await quoteMembership({
      db: c.var.database.db,
      now: c.var.now,
      organisationId: member.organisationId,
      userId: member.id,
      priceId: query.price_id,
      startDate: query.start_date,
    })
    return c.json(
      {
        data: {
          price_id: quote.priceId,
          offering_name: quote.offeringName,
          gym_name: quote.gymName,
          start_date: quote.startDate,
          billing_frequency: quote.billingFrequency,
          payment_type: quote.paymentType,
          payment_method_label: quote.paymentMethodLabel,
          first_payment: {
            period_amount: quote.firstPayment.periodAmount,
            joining_fee: quote.firstPayment.joiningFee,
            surcharge: quote.firstPayment.surcharge,
            total: quote.firstPayment.total,
            due_on: quote.firstPayment.dueOn,
          },
          due_today: quote.dueToday,
          recurring: quote.recurring,
          term: quote.term
            ? {
                amount: quote.term.amount,
                unit: quote.term.unit,
                ends_on: quote.term.endsOn,
                total_value: quote.term.totalValue,
                cooling_off_ends_on: quote.term.coolingOffEndsOn,
              }
            : null,
          surcharge_text: quote.surchargeText,
          agreement: quote.agreement,
        },
      },
      200,
    )
  })

  api.openapi(routes.active, async (c) => {
    const member = requireMemberSelf(actorOf(c))
    const db = c.var.database.db
    const active = await findActiveSubscription({ db, userId: member.id, now: c.var.now })
    const doors =
      active &&
      (await describeMemberDoorAccess({
        db,
        providers: c.var.doors,
        organisationId: member.organisationId,
        userId: member.id,
        gymName: active.gym_name,
        now: c.var.now,
      }))
    return c.json({ data: active && doors ? { ...active, door_access: doors } : active }, 200)
  })
}
