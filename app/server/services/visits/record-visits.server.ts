import { and, inArray } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { doorIntegrations, gyms, users, visits } from '~/db/schema'
import { z } from '~/lib/validation'
import { idSchema, parseInput, validationError } from '../service-input.server'

/** Rows per INSERT (9 parameters a row). */
const BATCH_SIZE = 500

const visitSchema = z.object({
  userId: idSchema,
  gymId: idSchema,
  visitedAt: z.date(),
  /** False for a refused entry (e.g. no active membership). */
  successful: z.boolean().default(true),
  /** Why a refused entry was refused, in words ("Membership paused"). */
  refusedReason: z.string().trim().min(1).max(200).nullish(),
  doorIntegrationId: idSchema.nullish(),
  /** The door provider's event id, so a redelivered event is not counted twice. */
  externalId: z.string().min(1).max(200).nullish(),
})

const inputSchema = z.object({ organisationId: idSchema, visits: z.array(visitSchema) })

export type RecordVisitInput = z.input<typeof visitSchema>
export type RecordVisitsInput = z.input<typeof inputSchema>

/**
 * Records members' entries at gyms (SPEC §3 Visit) in batched inserts. Every member, gym and door must
 * belong to the organisation, and no visit may lie in the future of `now`. Returns how many were written.
 */
export async function recordVisits(options: RecordVisitsInput & { db: Db; now: Date }): Promise<number> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const { organisationId } = input
  if (input.visits.length === 0) return 0

  const future = input.visits.findIndex((visit) => visit.visitedAt > now)
  if (future !== -1) throw validationError(`visits.${future}.visitedAt`, 'A visit cannot be in the future.')

  const userIds = [...new Set(input.visits.map((visit) => visit.userId))]
  const knownUsers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(ownedBy(users, organisationId), inArray(users.id, userIds)))
  if (knownUsers.length !== userIds.length)
    throw validationError('visits', 'A visit names an unknown member.')

  const gymIds = [...new Set(input.visits.map((visit) => visit.gymId))]
  const knownGyms = await db
    .select({ id: gyms.id })
    .from(gyms)
    .where(and(ownedBy(gyms, organisationId), inArray(gyms.id, gymIds)))
  if (knownGyms.length !== gymIds.length) throw validationError('visits', 'A visit names an unknown gym.')

  const doorIds = [
    ...new Set(
      input.visits.flatMap((visit) => (visit.doorIntegrationId == null ? [] : [visit.doorIntegrationId])),
    ),
  ]
  if (doorIds.length > 0) {
    const knownDoors = await db
      .select({ id: doorIntegrations.id })
      .from(doorIntegrations)
      .where(and(ownedBy(doorIntegrations, organisationId), inArray(doorIntegrations.id, doorIds)))
    if (knownDoors.length !== doorIds.length)
      throw validationError('visits', 'A visit names an unknown door.')
  }

  const rows = input.visits.map((visit) => ({
    organisationId,
    userId: visit.userId,
    gymId: visit.gymId,
    visitedAt: visit.visitedAt,
    successful: visit.successful,
    refusedReason: visit.successful ? null : (visit.refusedReason ?? null),
    doorIntegrationId: visit.doorIntegrationId ?? null,
    externalId: visit.externalId ?? null,
    createdAt: now,
  }))
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await db.insert(visits).values(rows.slice(start, start + BATCH_SIZE))
  }
  return rows.length
}
