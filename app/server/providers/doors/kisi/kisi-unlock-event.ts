import { z } from 'zod'
import type { UnlockEvent } from '../door-provider'

const id = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(String)

/**
 * Kisi's event webhook payload (PROVIDERS.md §3): `uuid`, `type`, `actor_type`, `actor_id`,
 * `actor_name`, `object_type` (`Lock`), `object_id`, `object_name`, `organization_id`, `place_id`,
 * `success`, `error_code`, `error_message`, `created_at`. Fields we don't read are let through.
 */
const kisiEventSchema = z.object({
  uuid: z.string().min(1).max(100),
  type: z.string(),
  actor_type: z.string().nullish(),
  actor_id: id.nullish(),
  object_type: z.string().nullish(),
  object_id: id,
  place_id: id,
  success: z.boolean(),
  error_code: z.union([z.string(), z.number()]).nullish(),
  error_message: z.string().nullish(),
  created_at: z.iso.datetime({ offset: true }),
})

export class KisiEventError extends Error {
  override readonly name = 'KisiEventError'
}

/**
 * A Kisi `lock.unlock` event as the pipeline records it (`recordUnlockEvent`). Throws `KisiEventError`
 * for another type of event, or one without what a visit needs; the receiver answers those with a 2xx
 * and records them as ignored, since Kisi sends whatever types were ticked in its dashboard.
 */
export function parseKisiUnlockEvent(json: unknown): UnlockEvent {
  const parsed = kisiEventSchema.safeParse(json)
  if (!parsed.success) throw new KisiEventError('Not a Kisi event: it lacks a uuid, lock, place or time.')
  const event = parsed.data
  if (event.type !== 'lock.unlock') throw new KisiEventError(`Not an unlock event: ${event.type}`)
  if (event.object_type && event.object_type !== 'Lock') {
    throw new KisiEventError(`An unlock of a ${event.object_type}, not a lock`)
  }
  return {
    uuid: event.uuid,
    // Only a person is one of ours; an unlock by a link, a schedule or an integration has no member.
    actorId: event.actor_type && event.actor_type !== 'User' ? null : (event.actor_id ?? null),
    lockId: event.object_id,
    placeId: event.place_id,
    success: event.success,
    errorCode: event.error_code === null || event.error_code === undefined ? null : String(event.error_code),
    errorMessage: event.error_message ?? null,
    createdAt: new Date(event.created_at),
  }
}
