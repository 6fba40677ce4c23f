import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations } from '~/db/schema'
import { issueCode } from '~/server/auth/one-time-codes.server'
import type { UserRow } from '~/server/auth/sessions.server'
import { emailVerificationMail, twoFactorCodeMail } from '~/server/mail/templates.server'
import type { Mailer } from './mailer'

/** E-mails a fresh code: the sign-in code for staff, the address check for a new member. */
export async function sendSecondFactorCode(options: { db: Db; now: Date; user: UserRow; mailer: Mailer }) {
  const { db, now, user, mailer } = options
  const [organisation] = await db
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, user.organisationId))
  const organisationName = organisation?.name ?? 'Gymbase'
  const purpose = user.isStaff ? 'two_factor' : 'email_verification'
  const code = await issueCode({ db, userId: user.id, purpose, now })
  const message =
    purpose === 'two_factor'
      ? twoFactorCodeMail({ organisationName, recipientName: user.name, code })
      : emailVerificationMail({ organisationName, recipientName: user.name, code })
  await mailer.send({ db, organisationId: user.organisationId, to: user.email, message })
}
