import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentMethods, users } from '~/db/schema'
import { chooseMemberPaymentMethod } from '~/server/billing/member-payment-method.server'

export type PaymentMethodRow = typeof paymentMethods.$inferSelect

/** A member's saved payment methods, oldest first, and the one their next charge uses. */
export async function findMemberPaymentMethodList(options: { db: Db; userId: number }): Promise<{
  methods: PaymentMethodRow[]
  defaultId: number | null
}> {
  const { db, userId } = options
  const [user] = await db
    .select({ defaultPaymentMethodId: users.defaultPaymentMethodId })
    .from(users)
    .where(eq(users.id, userId))
  const methods = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.id))
  const chosen = chooseMemberPaymentMethod({
    methods,
    defaultPaymentMethodId: user?.defaultPaymentMethodId ?? null,
  })
  return { methods, defaultId: chosen?.id ?? null }
}
