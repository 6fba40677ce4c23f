import { and, eq, isNull } from 'drizzle-orm'
import type { UpdateMemberRequest } from '~/contracts/members'
import type { Db } from '~/db/client.server'
import { oneTimeCodes, organisations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { emailChangedMail } from '~/server/mail/templates.server'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import type { Mailer } from '~/server/services/auth/mailer'
import {
  assertEmailAvailable,
  emailTakenMessage,
} from '~/server/services/users/assert-email-available.server'

type Details = Omit<UpdateMemberRequest, 'email'>
type Fields = Required<{ [Key in keyof Details]: Exclude<Details[Key], undefined> }> & { email?: string }

import { findExistingMemberDetail } from './find-member-detail.server'

/** The columns the member's details live in. */
const columns = {
  name: 'name',
  mobile_number: 'mobileNumber',
  dob: 'dob',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'postCode',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_relationship: 'emergencyContactRelationship',
  emergency_contact_mobile_number: 'emergencyContactMobileNumber',
  emergency_contact_email: 'emergencyContactEmail',
  tags: 'tags',
  notes: 'notes',
  email_notifications_enabled: 'emailNotificationsEnabled',
  push_notifications_enabled: 'pushNotificationsEnabled',
  payment_reminders: 'paymentReminders',
} as const satisfies Record<keyof Details, keyof typeof users.$inferSelect>

const words: Record<keyof Fields, string> = {
  name: 'name',
  email: 'e-mail',
  mobile_number: 'mobile',
  dob: 'date of birth',
  address: 'address',
  suburb: 'suburb',
  city: 'city',
  post_code: 'post code',
  emergency_contact_name: 'emergency contact',
  emergency_contact_relationship: 'emergency contact',
  emergency_contact_mobile_number: 'emergency contact',
  emergency_contact_email: 'emergency contact',
  tags: 'tags',
  notes: 'notes',
  email_notifications_enabled: 'preferences',
  push_notifications_enabled: 'preferences',
  payment_reminders: 'preferences',
}

/**
 * Staff change a member's details (issue 15). Empty optional text is kept as no answer; the audit line
 * names what changed and keeps each field's before and after (`{ field: [before, after] }`), in the same
 * transaction as the change.
 *
 * A new e-mail address (ADR 025) is the member's sign-in: lower-cased, free in the organisation (any
 * case; the unique index settles a race the same way), unverified until they enter the code sent to
 * it, links and codes sent to the old address stop working, and the member is told at the OLD address
 * (the outbox, in this transaction). Their sessions are kept.
 */
export async function updateMember(options: {
  db: Db
  now: Date
  organisationId: number
  actorUserId: number
  memberId: number
  fields: Fields
  mailer: Mailer
}) {
  const { db, fields, now } = options
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, options.memberId)).for('update')
      if (!before) throw new Error('The member disappeared')
      const values: Partial<typeof users.$inferInsert> = {}
      const changes: Record<string, [unknown, unknown]> = {}
      for (const [field, column] of Object.entries(columns) as Array<
        [keyof Details, (typeof columns)[keyof Details]]
      >) {
        const raw = fields[field]
        const next = typeof raw === 'string' && raw === '' && field !== 'name' ? null : raw
        const previous = before[column]
        if (JSON.stringify(previous ?? null) === JSON.stringify(next ?? null)) continue
        Object.assign(values, { [column]: next })
        changes[field] = [previous ?? null, next ?? null]
      }
      // The same address in other letters is the same address: nothing to change or tell.
      const email = fields.email?.trim().toLowerCase()
      const emailChanged = email !== undefined && email !== before.email.toLowerCase()
      if (emailChanged) {
        await assertEmailAvailable({ db: tx, organisationId: options.organisationId, email })
        values.email = email
        values.emailVerifiedAt = null
        changes.email = [before.email, email]
      }
      if (Object.keys(values).length === 0) return { changed: [] as string[] }
      await tx
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, options.memberId))
      const changed = [...new Set(Object.keys(changes).map((field) => words[field as keyof Fields]))]
      if (emailChanged) {
        // A reset or joining link (or a code) e-mailed to the old address no longer opens the account.
        await tx
          .update(oneTimeCodes)
          .set({ usedAt: now })
          .where(and(eq(oneTimeCodes.userId, before.id), isNull(oneTimeCodes.usedAt)))
        const [organisation] = await tx
          .select({ name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, options.organisationId))
        await options.mailer.send({
          db: tx,
          organisationId: options.organisationId,
          to: before.email,
          message: emailChangedMail({
            organisationName: organisation?.name ?? 'Gymbase',
            recipientName: before.name,
            newEmail: email,
          }),
        })
      }
      await recordAudit(tx, {
        organisationId: options.organisationId,
        actorUserId: options.actorUserId,
        action: 'member.updated',
        subjectType: 'member',
        subjectId: options.memberId,
        changes: {
          description: `Details changed: ${changed.join(', ')}${emailChanged ? `; the member was told at ${before.email}` : ''}`,
          ...changes,
        },
      })
      return { changed }
    })
  } catch (error) {
    // Two changes to the same address at once: the unique index refuses the second, in the same words.
    if (isUniqueEmailViolation(error)) {
      throw new AppError('VALIDATION', emailTakenMessage, { fieldErrors: { email: [emailTakenMessage] } })
    }
    throw error
  }
  return findExistingMemberDetail({ db, memberId: options.memberId, now })
}

/** The unique index on the organisation's addresses refused a write (on PostgreSQL and PGlite alike). */
function isUniqueEmailViolation(error: unknown): boolean {
  let cause: unknown = error
  while (typeof cause === 'object' && cause !== null) {
    const found = cause as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown }
    const named =
      found.constraint === 'users_organisation_email_unique' ||
      String(found.message).includes('users_organisation_email_unique')
    if (found.code === '23505' && named) return true
    cause = found.cause
  }
  return false
}
