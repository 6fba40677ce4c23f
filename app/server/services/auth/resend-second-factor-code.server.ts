import { isSecondFactorPending } from '~/access/actor.server'
import type { Db } from '~/db/client.server'
import { consumeLimit } from '~/server/auth/rate-limits.server'
import type { SessionRow, UserRow } from '~/server/auth/sessions.server'
import type { Mailer } from './mailer'
import { sendSecondFactorCode } from './send-second-factor-code.server'

/** `POST /api/email/resend`: a new code (the old one stops working); once per 30 s, 5 an hour. */
export async function resendSecondFactorCode(options: { db: Db; now: Date; user: UserRow; mailer: Mailer }) {
  const { db, user } = options
  await consumeLimit({ db, name: 'codeResendBurst', key: String(user.id) })
  await consumeLimit({ db, name: 'codeResendHourly', key: String(user.id) })
  await sendSecondFactorCode(options)
}

/** The code screens' "Send a new code": one while the session still waits for it; said in words either way. */
export async function resendSessionCode(options: {
  db: Db
  now: Date
  session: SessionRow
  user: UserRow
  mailer: Mailer
}): Promise<{ message: string }> {
  if (isSecondFactorPending(options.session, options.user)) await resendSecondFactorCode(options)
  return { message: 'We have e-mailed you a new code.' }
}
