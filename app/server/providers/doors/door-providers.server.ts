import type { Db } from '~/db/client.server'
import { createSecretBox } from '~/server/secret-box.server'
import { getProviderConfig, type ProviderConfig } from '../provider-config.server'
import type { DoorProviders } from './door-provider'
import { createKisiDoorProvider } from './kisi/kisi-doors.server'
import { createSandboxDoorProvider } from './sandbox-doors.server'

/**
 * The door adapters of this build (ADR 038): the sandbox always (the demo, and organisations connected
 * to it before Kisi was configured); Kisi when `KISI_API_KEY` and `KISI_WEBHOOK_SECRET` are set
 * (`getProviderConfig`). An organisation connects Kisi with its own key, or with the server's when it
 * gives none. Building them calls no provider.
 */
export function createDoorProviders(options: { db: Db; config?: ProviderConfig }): DoorProviders {
  const config = (options.config ?? getProviderConfig()).doors
  const providers: DoorProviders = { sandbox: createSandboxDoorProvider(options) }
  if (config.provider === 'kisi') {
    providers.kisi = createKisiDoorProvider({
      defaultApiKey: config.apiKey,
      apiBase: config.apiBase,
      secrets: createSecretBox(config.dataKey),
    })
  }
  return providers
}
