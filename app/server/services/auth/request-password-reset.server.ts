import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { organisations } from '~/db/schema'
import { issueLinkToken } from '~/server/auth/one-time-codes.server'
import { consumeLimit, tryConsumeLimit } from '~/server/auth/rate-limits.server'
import { passwordResetMail } from '~/server/mail/templates.server'
import { findSignInCandidates } from './find-sign-in-candidates.server'
import type { Mailer } from './mailer'

export const passwordResetSentMessage =
  'If that address has an account, we have e-mailed a link to reset its password. It works for 60 minutes.'

/**
 * `POST /api/forgot-password`. The answer never says whether the address has an account. The link
 * goes to `/reset-password` on the user's own site: the console for staff, the join site for members.
 */
export async function requestPasswordReset(options: {
  db: Db
  now: Date
  email: string
  ip: string
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
}): Promise<void> {
  const { db, now, mailer } = options
  const email = options.email.trim().toLowerCase()
  await consumeLimit({ db, name: 'forgotPasswordIp', key: options.ip })
  if (!(await tryConsumeLimit({ db, name: 'forgotPasswordEmail', key: email }))) return
  for (const user of await findSignInCandidates({ db, email })) {
    const token = await issueLinkToken({ db, userId: user.id, purpose: 'password_reset', now })
    const query = new URLSearchParams({ token, email: user.email })
    const resetUrl = options.siteUrl(user.isStaff ? 'console' : 'join', `/reset-password?${query}`)
    const [organisation] = await db
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, user.organisationId))
    const message = passwordResetMail({
      organisationName: organisation?.name ?? 'Gymbase',
      recipientName: user.name,
      resetUrl,
    })
    await mailer.send({ db, organisationId: user.organisationId, to: user.email, message })
  }
}
