import type { Db } from '~/db/client.server'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import { connectDoorSystem } from '~/server/services/door-access/door-system.server'

/** Connects the organisation to the sandbox door system (it needs no credentials), as `actorId`. */
export function connectSandboxDoors(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  actorId: number
  now: Date
}) {
  return connectDoorSystem({ ...options, type: 'sandbox', credentials: {} })
}
