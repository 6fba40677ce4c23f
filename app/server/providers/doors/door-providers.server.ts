import type { Db } from '~/db/client.server'
import type { DoorProviders } from './door-provider'
import { createSandboxDoorProvider } from './sandbox-doors.server'

/** The door adapters of this build: the sandbox; Kisi's joins in the providers issue. */
export function createDoorProviders(options: { db: Db }): DoorProviders {
  return { sandbox: createSandboxDoorProvider(options) }
}
