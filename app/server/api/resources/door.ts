import type { DoorSystem, GymDoor, TapResult } from '~/contracts/doors'
import type { doorIntegrations, visits } from '~/db/schema'
import type { DoorIntegration } from '~/server/services/door-access/sync-door-access.server'

/** The door system, never its credentials. */
export function toDoorSystemResource(integration: DoorIntegration): DoorSystem {
  return { id: integration.id, integration_type: integration.integrationType, error: integration.lastError }
}

export function toGymDoorResource(door: typeof doorIntegrations.$inferSelect): GymDoor {
  return { id: door.id, door_id: door.doorId, name: door.name, tracks_visits: door.tracksVisits }
}

export function toTapResource(tapped: {
  door: typeof doorIntegrations.$inferSelect
  event: { success: boolean } | null
  refusedReason: string | null
  person: { id: number; name: string } | null
  visit: typeof visits.$inferSelect | null
}): TapResult {
  const opened = tapped.event?.success ?? false
  return {
    opened,
    refused_reason: opened ? null : tapped.refusedReason,
    door: { id: tapped.door.id, name: tapped.door.name, gym_id: tapped.door.gymId },
    person: tapped.person,
    visit: tapped.visit
      ? {
          id: tapped.visit.id,
          successful: tapped.visit.successful,
          visited_at: tapped.visit.visitedAt.toISOString(),
          refused_reason: tapped.visit.refusedReason,
        }
      : null,
  }
}
