import { setImmediate as nextTurn } from 'node:timers/promises'
import { asc, inArray } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import {
  connectDoorSystem,
  findDoorPlaces,
  linkGymPlace,
} from '~/server/services/door-access/door-system.server'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'

/**
 * The demo's doors (issue 17): Demo Fitness connects the sandbox door system, which opens a place per
 * gym with its doors (`sandboxDoorNames`: the front door, which counts visits, and the changing rooms),
 * and each gym is linked to the place of its name, through the same services the console uses. Linking
 * queues everyone who may enter the gym for the access sync (ADR 029); `syncDemoDoorAccess` runs it.
 *
 * Harbour Strength is left without a door system, so connecting one can be tried there.
 */
export async function connectDemoDoors(options: {
  db: Db
  now: Date
  organisationId: number
  ownerId: number
  gymIds: readonly number[]
}) {
  const { db, now, organisationId, ownerId } = options
  const providers = createDoorProviders({ db })
  await connectDoorSystem({
    db,
    providers,
    organisationId,
    type: 'sandbox',
    credentials: {},
    actorId: ownerId,
    now,
  })
  const sandboxPlaces = await findDoorPlaces({ db, providers, organisationId })
  const gymRows = await db
    .select({ id: gyms.id, name: gyms.name })
    .from(gyms)
    .where(inArray(gyms.id, [...options.gymIds]))
    .orderBy(asc(gyms.id))
  for (const gym of gymRows) {
    const place = sandboxPlaces.find((candidate) => candidate.name === gym.name)
    if (!place) throw new Error(`The sandbox door system has no place for the demo gym ${gym.name}`)
    if (place.gym) continue
    await linkGymPlace({
      db,
      providers,
      organisationId,
      gymId: gym.id,
      placeId: place.id,
      actorId: ownerId,
      now,
    })
  }
}

/**
 * Brings the door system in line with who may enter at `now` (ADR 029): everyone the seed's changes
 * queued. Yields a turn of the event loop between batches, as every background step of the seed does
 * (ADR 021), and stops there when asked; what is left stays queued for the next run.
 */
export async function syncDemoDoorAccess(options: {
  db: Db
  now: Date
  shouldStop?: () => boolean
  /** Awaited between batches: the server's requests go first (ADR 055). */
  requestsFirst?: () => Promise<void>
}) {
  const { db, now } = options
  const providers = createDoorProviders({ db })
  let stopped = false
  const stats = await processDueDoorAccess({
    db,
    providers,
    now,
    batchSize: 25,
    betweenBatches: async () => {
      await nextTurn()
      await options.requestsFirst?.()
      stopped = options.shouldStop?.() ?? false
      return !stopped
    },
  })
  return { ...stats, stopped }
}
