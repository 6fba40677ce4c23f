import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { paymentMethods, users } from '~/db/schema'

export interface MemberPaymentMethod {
  id: number
  type: PaymentMethodType
}

/**
 * The member's payment method, the one their next charge uses: their default, or, when they have none
 * (or it was removed), the first they saved. `methods` are the member's methods still saved.
 */
export function chooseMemberPaymentMethod<T extends { id: number }>(options: {
  methods: readonly T[]
  defaultPaymentMethodId: number | null
}): T | null {
  const { methods, defaultPaymentMethodId } = options
  const first = [...methods].sort((a, b) => a.id - b.id)[0]
  return methods.find((method) => method.id === defaultPaymentMethodId) ?? first ?? null
}

/** `chooseMemberPaymentMethod` for many members in one query: members without a method are left out. */
export async function findMemberPaymentMethods(options: {
  db: Db
  userIds: readonly number[]
}): Promise<Map<number, MemberPaymentMethod>> {
  const rows = await options.db
    .select({
      userId: paymentMethods.userId,
      id: paymentMethods.id,
      type: paymentMethods.type,
      defaultPaymentMethodId: users.defaultPaymentMethodId,
    })
    .from(paymentMethods)
    .innerJoin(users, eq(users.id, paymentMethods.userId))
    .where(
      and(inArray(paymentMethods.userId, [...new Set(options.userIds)]), isNull(paymentMethods.deletedAt)),
    )
    .orderBy(asc(paymentMethods.id))
  const byUser = new Map<number, (typeof rows)[number][]>()
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row])
  const chosen = new Map<number, MemberPaymentMethod>()
  for (const [userId, methods] of byUser) {
    const method = chooseMemberPaymentMethod({
      methods,
      defaultPaymentMethodId: methods[0]?.defaultPaymentMethodId ?? null,
    })
    if (method) chosen.set(userId, { id: method.id, type: method.type })
  }
  return chosen
}

/** The member's payment method (`chooseMemberPaymentMethod`), or null when they have none. */
export async function findMemberPaymentMethod(options: {
  db: Db
  userId: number
}): Promise<MemberPaymentMethod | null> {
  return (
    (await findMemberPaymentMethods({ db: options.db, userIds: [options.userId] })).get(options.userId) ??
    null
  )
}
