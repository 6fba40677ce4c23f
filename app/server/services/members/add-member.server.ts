import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { frequencyWords } from '~/contracts/frequency-words'
import type { Db } from '~/db/client.server'
import { gyms, offeringGyms, offerings, organisations, prices } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { formatCents } from '~/lib/money'
import { issueLinkToken } from '~/server/auth/one-time-codes.server'
import { memberInvitationMail } from '~/server/mail/templates.server'
import type { Mailer } from '~/server/services/auth/mailer'
import { createMember } from '~/server/services/users/create-member.server'
import { recordAudit } from '../audit/record-audit.server'
import { selectNamedPrices } from '../prices/find-prices.server'
import { findExistingMemberDetail } from './find-member-detail.server'

/** The price a member added by staff may be offered: on sale at their gym, public or private alike. */
async function findPriceForGym(options: { db: Db; organisationId: number; gymId: number; priceId: number }) {
  const { db, organisationId, gymId, priceId } = options
  const [price] = await selectNamedPrices(db).where(
    and(
      eq(prices.id, priceId),
      ownedBy(prices, organisationId),
      isNull(prices.archivedAt),
      isNull(offerings.archivedAt),
      or(isNull(prices.gymId), eq(prices.gymId, gymId)),
      or(
        eq(offerings.allGymsAccess, true),
        sql`exists (select 1 from ${offeringGyms} where ${offeringGyms.offeringId} = ${offerings.id}
            and ${offeringGyms.gymId} = ${gymId})`,
      ),
    ),
  )
  if (!price) {
    const message = 'Choose a price on sale at this gym.'
    throw new AppError('VALIDATION', message, { fieldErrors: { price_id: [message] } })
  }
  return price
}

/**
 * A member added at the desk (issue 15): their account (no password yet), and an e-mail with a link to
 * set one and finish joining on the join site — About you, photo, how to pay, the agreement and the
 * first charge are the join flow's own steps. The chosen price travels in the link and is preselected
 * at confirm. One transaction: the member is never left without their invitation in the outbox.
 */
export async function addMember(options: {
  db: Db
  now: Date
  organisationId: number
  actorUserId: number
  mailer: Mailer
  siteUrl: (site: 'join' | 'console', path: string) => string
  member: { name: string; email: string; mobileNumber: string; dob: string; gymId: number; priceId?: number }
}) {
  const { db, now, organisationId, mailer, member: input } = options
  const price =
    input.priceId === undefined
      ? null
      : await findPriceForGym({ db, organisationId, gymId: input.gymId, priceId: input.priceId })
  return db.transaction(async (tx) => {
    const member = await createMember({
      db: tx,
      now,
      organisationId,
      homeGymId: input.gymId,
      name: input.name,
      email: input.email,
      mobileNumber: input.mobileNumber,
      dob: input.dob,
    })
    const token = await issueLinkToken({ db: tx, userId: member.id, purpose: 'member_invite', now })
    const [place] = await tx
      .select({ gymName: gyms.name, organisationName: organisations.name })
      .from(gyms)
      .innerJoin(organisations, eq(organisations.id, gyms.organisationId))
      .where(eq(gyms.id, input.gymId))
    const query = new URLSearchParams({ token, email: member.email })
    if (price) query.set('price', String(price.id))
    await mailer.send({
      db: tx,
      organisationId,
      to: member.email,
      message: memberInvitationMail({
        organisationName: place?.organisationName ?? 'Gymbase',
        gymName: place?.gymName ?? 'your gym',
        recipientName: member.name,
        membership: price
          ? `${price.offeringName}, ${formatCents(price.amount)} ${frequencyWords[price.billingFrequency]}`
          : null,
        finishUrl: options.siteUrl('join', `/finish-joining?${query}`),
      }),
    })
    await recordAudit(tx, {
      organisationId,
      actorUserId: options.actorUserId,
      action: 'member.added',
      subjectType: 'member',
      subjectId: member.id,
      changes: { description: 'Added by staff and sent the link to finish joining' },
    })
    return findExistingMemberDetail({ db: tx, memberId: member.id, now })
  })
}
