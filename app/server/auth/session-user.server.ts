import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { profilePictureRoutes } from '~/contracts/api/profile-pictures.routes'
import type { SessionUser } from '~/contracts/auth'
import type { Db } from '~/db/client.server'
import {
  gyms,
  offerings,
  organisations,
  paymentMethods,
  prices,
  staffGymRoles,
  subscriptions,
} from '~/db/schema'
import { apiUrl } from '~/lib/api-path'
import { AppError } from '~/lib/errors'
import { chooseMemberPaymentMethod } from '~/server/billing/member-payment-method.server'
import { gymTakesCards } from '~/server/services/gyms/gym-card-payments.server'
import type { UserRow } from './sessions.server'

type GymRole = 'admin' | 'personal_trainer'

/** The gyms a user works at or belongs to, with their role at each (null for members). */
export async function findUserGyms(options: {
  db: Db
  user: UserRow
}): Promise<Array<{ id: number; name: string; role: GymRole | null }>> {
  const { db, user } = options
  if (user.isStaff && user.organisationRole === 'admin') {
    // Organisation admins run every gym of the organisation, as admin unless a gym says otherwise.
    const rows = await db
      .select({ id: gyms.id, name: gyms.name, role: staffGymRoles.role })
      .from(gyms)
      .leftJoin(staffGymRoles, and(eq(staffGymRoles.gymId, gyms.id), eq(staffGymRoles.userId, user.id)))
      .where(ownedBy(gyms, user.organisationId))
      .orderBy(asc(gyms.name))
    return rows.map((row) => ({ ...row, role: row.role ?? 'admin' }))
  }
  if (user.isStaff) {
    return db
      .select({ id: gyms.id, name: gyms.name, role: staffGymRoles.role })
      .from(staffGymRoles)
      .innerJoin(gyms, eq(gyms.id, staffGymRoles.gymId))
      .where(eq(staffGymRoles.userId, user.id))
      .orderBy(asc(gyms.name))
  }
  if (!user.homeGymId) return []
  return db
    .select({ id: gyms.id, name: gyms.name, role: staffGymRoles.role })
    .from(gyms)
    .leftJoin(staffGymRoles, and(eq(staffGymRoles.gymId, gyms.id), eq(staffGymRoles.userId, user.id)))
    .where(eq(gyms.id, user.homeGymId))
}

/** `GET /api/me`: the session user of SPEC §3. */
export async function loadSessionUser(options: { db: Db; user: UserRow }): Promise<SessionUser> {
  const { db, user } = options
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, user.organisationId))
  if (!organisation) throw new AppError('NOT_FOUND', 'Organisation not found.')

  const userGyms = await findUserGyms({ db, user })
  const currentGym = userGyms.find((gym) => gym.id === user.currentGymId) ?? userGyms[0]

  const methods = await db
    .select({ id: paymentMethods.id, type: paymentMethods.type })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, user.id), isNull(paymentMethods.deletedAt)))
    .orderBy(asc(paymentMethods.id))
  const defaultMethod = chooseMemberPaymentMethod({
    methods,
    defaultPaymentMethodId: user.defaultPaymentMethodId,
  })

  const [latest] = await db
    .select({
      startDate: subscriptions.startDate,
      billingDate: subscriptions.currentPeriodEnd,
      priceId: subscriptions.priceId,
      offeringId: offerings.id,
      offeringName: offerings.name,
    })
    .from(subscriptions)
    .innerJoin(prices, eq(prices.id, subscriptions.priceId))
    .innerJoin(offerings, eq(offerings.id, prices.offeringId))
    // A join-flow membership counts once its first charge was taken (is_staging false).
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.isStaging, false)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1)

  const [homeGym] = user.homeGymId
    ? await db
        .select({ stripeId: gyms.stripeId, stripeChargesEnabled: gyms.stripeChargesEnabled })
        .from(gyms)
        .where(eq(gyms.id, user.homeGymId))
    : []

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    current_organisation: {
      id: organisation.id,
      name: organisation.name,
      multi_gym: organisation.multiGym,
      role: user.isStaff ? user.organisationRole : null,
    },
    current_gym: currentGym ? { id: currentGym.id, role: currentGym.role } : null,
    gyms: userGyms.map((gym) => ({ id: gym.id, name: gym.name, role: gym.role })),
    profile_picture: profilePictureUrl(user),
    register_fields_completed: user.registerFieldsCompletedAt !== null,
    payment_types: methods,
    start_date: latest?.startDate ?? null,
    billing_date: latest?.billingDate ?? null,
    offering: latest ? { id: latest.offeringId, name: latest.offeringName } : null,
    price_id: latest?.priceId ?? null,
    default_payment_type: defaultMethod?.type ?? null,
    reauthenticate_akahu: user.reauthenticateAkahu,
    general_card_surcharge_text: organisation.generalCardSurchargeText,
    gym_takes_cards: homeGym ? gymTakesCards(homeGym) : false,
    is_staff: user.isStaff,
  }
}

/**
 * Where a user's photo is shown from: the API's own address for it, named after the kept file so a
 * new photo is a new address (no stale cache); null while they have none.
 */
export function profilePictureUrl(user: { id: number; profilePicture: string | null }): string | null {
  if (!user.profilePicture) return null
  const version = user.profilePicture.slice(
    user.profilePicture.lastIndexOf('/') + 1,
    user.profilePicture.lastIndexOf('.'),
  )
  return `${apiUrl(profilePictureRoutes.show, { params: { id: user.id } })}?v=${encodeURIComponent(version)}`
}
