import { eq } from 'drizzle-orm'
import type { RegisterRequest } from '~/contracts/auth'
import type { Db } from '~/db/client.server'
import { ageBypassLinks, gyms, privatePriceLinks, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { messages } from '~/lib/validation'
import { isCommonPassword } from '~/server/auth/common-passwords.server'
import { hashPassword } from '~/server/auth/password.server'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import { createSession, type SessionRow, type UserRow } from '~/server/auth/sessions.server'
import { calendarDateAt } from '~/server/billing/calendar'
import {
  findJoinSiteReadiness,
  isOnJoinSite,
  notOnJoinSiteMessage,
} from '~/server/services/gyms/gym-on-join-site.server'
import { createMember } from '../users/create-member.server'
import { applyJoinLink } from './apply-join-link.server'
import { isEmailAvailable } from './is-email-available.server'
import type { Mailer } from './mailer'
import { sendSecondFactorCode } from './send-second-factor-code.server'

export const emailTakenMessage = 'This e-mail address is already registered. Sign in instead.'
export const commonPasswordMessage = 'This password is too common. Choose another.'

/**
 * Self-registration on the join site: the member, signed in, with a code e-mailed to confirm the
 * address. Until it is entered the session answers `not_two_factor_authenticated` (SPEC §8).
 */
export async function registerMember(options: {
  db: Db
  now: Date
  input: RegisterRequest
  ip: string
  userAgent?: string | undefined
  mailer: Mailer
}): Promise<{ token: string; session: SessionRow; user: UserRow }> {
  const { db, now, input, mailer } = options
  await consumeLimit({ db, name: 'registerIp', key: options.ip })
  const [gym] = await db.select().from(gyms).where(eq(gyms.uuid, input.gym))
  if (!gym) throw new AppError('VALIDATION', 'Choose your gym', { fieldErrors: { gym: ['Choose your gym'] } })
  // Only a gym that can sell takes sign-ups (issue 25); a private price's link brings its own price, but
  // the money still needs somewhere to go.
  const readiness = await findJoinSiteReadiness({ db, gymId: gym.id })
  const [priceLink] = input.link
    ? await db
        .select({ id: privatePriceLinks.id })
        .from(privatePriceLinks)
        .where(eq(privatePriceLinks.token, input.link))
    : []
  const ready =
    readiness && (priceLink ? readiness.bankAccount || readiness.cardAccount : isOnJoinSite(readiness))
  if (!ready) {
    const message = notOnJoinSiteMessage(gym.name)
    throw new AppError('VALIDATION', message, { fieldErrors: { gym: [message] } })
  }
  if (!(await isEmailAvailable({ db, organisationId: gym.organisationId, email: input.email }))) {
    throw new AppError('VALIDATION', emailTakenMessage, { fieldErrors: { email: [emailTakenMessage] } })
  }
  if (isCommonPassword(input.password)) {
    throw new AppError('VALIDATION', commonPasswordMessage, {
      fieldErrors: { password: [commonPasswordMessage] },
    })
  }
  // A date of birth after today is a typing slip, said as such before any age rule reads it.
  if (input.dob > calendarDateAt(now)) {
    throw new AppError('VALIDATION', messages.date, { fieldErrors: { dob: [messages.date] } })
  }
  const passwordHash = await hashPassword(input.password)
  // One transaction: a sign-up that fails gives back the single-use link it would have consumed.
  const user = await db.transaction(async (tx) => {
    const link = await applyJoinLink({
      db: tx,
      now,
      token: input.link,
      organisationId: gym.organisationId,
      gymId: gym.id,
      dob: input.dob,
    })
    const member = await createMember({
      db: tx,
      now,
      organisationId: gym.organisationId,
      homeGymId: gym.id,
      name: input.name,
      email: input.email,
      passwordHash,
      mobileNumber: input.mobile_number,
      dob: input.dob,
    })
    const [updated] = await tx
      .update(users)
      .set({
        currentGymId: gym.id,
        joinPriceLinkId: link.priceLinkId,
        joinAgeBypassLinkId: link.ageBypassLinkId,
      })
      .where(eq(users.id, member.id))
      .returning()
    if (!updated) throw new Error('The new member disappeared')
    if (link.ageBypass && link.priceLinkId !== null) {
      await tx
        .update(privatePriceLinks)
        .set({ usedByUserId: updated.id })
        .where(eq(privatePriceLinks.id, link.priceLinkId))
    }
    if (link.ageBypassLinkId !== null) {
      await tx
        .update(ageBypassLinks)
        .set({ usedByUserId: updated.id })
        .where(eq(ageBypassLinks.id, link.ageBypassLinkId))
    }
    return updated
  })
  const { token, session } = await createSession({
    db,
    userId: user.id,
    now,
    twoFactorVerified: false,
    ip: options.ip,
    userAgent: options.userAgent,
  })
  await sendSecondFactorCode({ db, now, user, mailer })
  return { token, session, user }
}
