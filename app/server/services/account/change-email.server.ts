import { and, eq, isNull, sql } from 'drizzle-orm'
import { sameEmailMessage, wrongPasswordMessage } from '~/contracts/account-details'
import type { Db } from '~/db/client.server'
import { oneTimeCodes, organisations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { consumeLinkToken, issueLinkToken } from '~/server/auth/one-time-codes.server'
import { consumeLimit, waitWords } from '~/server/auth/rate-limits.server'
import type { UserRow } from '~/server/auth/sessions.server'
import { emailChangeLinkMail, emailChangeRequestedMail } from '~/server/mail/account-templates.server'
import { recordAudit } from '../audit/record-audit.server'
import type { Mailer } from '../auth/mailer'
import { expiredLinkMessage } from '../auth/set-new-password.server'
import { notFound } from '../service-input.server'
import { assertEmailAvailable } from '../users/assert-email-available.server'
import { assertOwnPassword } from './change-password.server'
import type { MemberSelf } from './find-account-details.server'

export const emailChangedMessage = 'Your e-mail address has been changed. Sign in with it from now on.'

interface Sending {
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
}

async function organisationName(db: Db, organisationId: number) {
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
  return organisation?.name ?? 'Gymbase'
}

/** A new link to the address waiting to be confirmed; the one sent before stops working. */
async function sendConfirmLink(
  options: MemberSelf & Sending & { member: UserRow; newEmail: string; name: string },
) {
  const { db, now, member, newEmail } = options
  const token = await issueLinkToken({ db, userId: member.id, purpose: 'email_change', now })
  const query = new URLSearchParams({ token, email: newEmail })
  await options.mailer.send({
    db,
    organisationId: options.organisationId,
    to: newEmail,
    message: emailChangeLinkMail({
      organisationName: options.name,
      recipientName: member.name,
      newEmail,
      confirmUrl: options.siteUrl('join', `/confirm-email?${query}`),
    }),
  })
}

/**
 * A member asks on their account to sign in with a new address (issue 28). Their password proves it is
 * them; the address must be free in the organisation. It is kept as waiting (`pending_email`), a link
 * goes to it, and the old address is told in plain words with nothing to press. The address they sign
 * in with changes only when the link is opened (`confirmEmailChange`).
 */
export async function requestEmailChange(
  options: MemberSelf & Sending & { member: UserRow; email: string; password: string },
) {
  const { db, now, member } = options
  const newEmail = options.email.trim()
  await assertOwnPassword(db, {
    user: member,
    password: options.password,
    field: 'password',
    message: wrongPasswordMessage,
  })
  if (newEmail.toLowerCase() === member.email.toLowerCase()) {
    throw new AppError('VALIDATION', sameEmailMessage, { fieldErrors: { email: [sameEmailMessage] } })
  }
  return db.transaction(async (tx) => {
    await assertEmailAvailable({ db: tx, organisationId: options.organisationId, email: newEmail })
    const [updated] = await tx
      .update(users)
      .set({ pendingEmail: newEmail, updatedAt: now })
      .where(eq(users.id, member.id))
      .returning()
    if (!updated) throw notFound('Member')
    const name = await organisationName(tx, options.organisationId)
    await sendConfirmLink({ ...options, db: tx, newEmail, name })
    await options.mailer.send({
      db: tx,
      organisationId: options.organisationId,
      to: member.email,
      memberId: member.id,
      message: emailChangeRequestedMail({ organisationName: name, recipientName: member.name, newEmail }),
    })
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: member.id,
      action: 'member.email_change_requested',
      subjectType: 'member',
      subjectId: member.id,
      changes: {
        description: `Asked to sign in with ${newEmail}; a link was sent there and ${member.email} was told`,
        pending_email: newEmail,
      },
    })
    return updated
  })
}

const nothingWaiting = () => new AppError('CONFLICT', 'No new e-mail address is waiting to be confirmed.')

/** The link again, to the address still waiting; at most `emailChangeResend` times an hour to one address. */
export async function resendEmailChange(options: MemberSelf & Sending & { member: UserRow }) {
  const { member } = options
  if (!member.pendingEmail) throw nothingWaiting()
  const newEmail = member.pendingEmail
  try {
    await consumeLimit({
      db: options.db,
      name: 'emailChangeResend',
      key: `member:${member.id}:${newEmail.toLowerCase()}`,
    })
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'TOO_MANY_ATTEMPTS') throw error
    const wait = waitWords(error.retryAfterSeconds ?? 60)
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      `The link has gone to ${newEmail} several times this hour. Check that inbox (and its spam folder), or send it again in ${wait}.`,
      { retryAfterSeconds: error.retryAfterSeconds },
    )
  }
  await options.db.transaction(async (tx) => {
    const name = await organisationName(tx, options.organisationId)
    await sendConfirmLink({ ...options, db: tx, newEmail, name })
  })
  return member
}

/** The member forgets the new address: it stops waiting, and its link stops working. */
export async function cancelEmailChange(options: MemberSelf & { member: UserRow }) {
  const { db, now, member } = options
  if (!member.pendingEmail) throw nothingWaiting()
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ pendingEmail: null, updatedAt: now })
      .where(eq(users.id, member.id))
      .returning()
    if (!updated) throw notFound('Member')
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(oneTimeCodes.userId, member.id),
          eq(oneTimeCodes.purpose, 'email_change'),
          isNull(oneTimeCodes.usedAt),
        ),
      )
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: member.id,
      action: 'member.email_change_cancelled',
      subjectType: 'member',
      subjectId: member.id,
      changes: { description: `Cancelled the change of their e-mail address to ${member.pendingEmail}` },
    })
    return updated
  })
}

/**
 * The link sent to the new address is opened (signed in or out: the link proves the address). It
 * becomes the address the member signs in with, if it is still free in their organisation.
 */
export async function confirmEmailChange(options: { db: Db; now: Date; token: string; email: string }) {
  const { db, now } = options
  const email = options.email.trim().toLowerCase()
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select()
      .from(users)
      .where(
        and(sql`lower(${users.pendingEmail}) = ${email}`, isNull(users.deletedAt), eq(users.isStaff, false)),
      )
    let owner: UserRow | undefined
    for (const candidate of candidates) {
      if (
        await consumeLinkToken({
          db: tx,
          userId: candidate.id,
          purpose: 'email_change',
          token: options.token,
          now,
        })
      ) {
        owner = candidate
        break
      }
    }
    if (!owner?.pendingEmail) {
      throw new AppError('VALIDATION', expiredLinkMessage, { fieldErrors: { token: [expiredLinkMessage] } })
    }
    const newEmail = owner.pendingEmail
    await assertEmailAvailable({ db: tx, organisationId: owner.organisationId, email: newEmail })
    await tx
      .update(users)
      .set({ email: newEmail, pendingEmail: null, emailVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, owner.id))
    await recordAudit(tx, {
      organisationId: owner.organisationId,
      actorUserId: owner.id,
      action: 'member.email_changed_by_member',
      subjectType: 'member',
      subjectId: owner.id,
      changes: {
        description: `Changed their e-mail address from ${owner.email} to ${newEmail} (confirmed from the link)`,
        email: { from: owner.email, to: newEmail },
      },
    })
  })
}
