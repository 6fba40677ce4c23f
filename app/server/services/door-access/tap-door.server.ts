import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { doorIntegrations, users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { DoorProviders } from '~/server/providers/doors/door-provider'
import { kisiUnlockPayload, tapSandboxDoor } from '~/server/providers/doors/sandbox-doors.server'
import type { PaymentServices } from '~/server/providers/payments/sandbox-providers.server'
import { processWebhookEvent } from '~/server/webhooks/process-webhook.server'
import { storeWebhookEvent } from '~/server/webhooks/receive-webhook.server'
import { notFound } from '../service-input.server'
import { findDoorCredential, recordUnlockEvent } from './member-door-access.server'
import { decidePersonDoorAccess, findDoorIntegration } from './sync-door-access.server'

/**
 * The demo's door: someone taps a credential at one of the organisation's sandbox doors, the sandbox
 * opens or refuses, and its unlock event is delivered as the webhook would deliver it.
 */
export async function tapDoor(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  doorId: number
  /** The gyms of the one tapping (another gym's door is unknown to them); every gym when left out. */
  gymIds?: readonly number[]
  /** What is tapped; or, for a person chosen by name, their own credential. */
  tapped: { credential: string } | { userId: number }
  /** For the webhook pipeline the tap's event goes through (it processes every provider's events). */
  payments: PaymentServices
  now: Date
}) {
  const { db, organisationId, now } = options
  const integration = await findDoorIntegration(db, organisationId)
  if (!integration) throw new AppError('NOT_FOUND', 'Connect a door system first.')
  if (integration.integrationType !== 'sandbox') {
    throw new AppError('CONFLICT', 'Doors can be tapped here only with the sandbox door system.')
  }
  const [door] = await db
    .select()
    .from(doorIntegrations)
    .where(and(ownedBy(doorIntegrations, organisationId), eq(doorIntegrations.id, options.doorId)))
  if (!door || (options.gymIds && !options.gymIds.includes(door.gymId)))
    throw new AppError('NOT_FOUND', 'Door not found.')
  let credential: string
  if ('userId' in options.tapped) {
    const userId = options.tapped.userId
    const login = await findDoorCredential({ db, providers: options.providers, organisationId, userId })
    if (!login) {
      // Nothing to tap: the person has never been given a door login (nothing ever opened for them).
      const decided = await decidePersonDoorAccess({ db, userId, now })
      const refusedReason = decided?.decision.refusedReason ?? 'No door login yet'
      return { door, event: null, userId, refusedReason, visit: null }
    }
    credential = login.credential
  } else {
    credential = options.tapped.credential
  }
  const event = await tapSandboxDoor({
    db,
    account: integration.credentials,
    lockId: door.doorId,
    credential,
    now,
  })
  if (!event) throw new AppError('NOT_FOUND', 'Door not found.')
  // The sandbox's event webhook: the unlock goes through the pipeline a Kisi delivery goes through
  // (stored once, processed into a visit), processed at once because the person is at the door.
  const stored = await storeWebhookEvent({
    db,
    provider: 'kisi',
    eventId: event.uuid,
    type: 'lock.unlock',
    payload: kisiUnlockPayload(integration.credentials, event),
    now,
  })
  const processed = await processWebhookEvent({
    db,
    payments: options.payments,
    now,
    webhookEventId: stored.row.id,
  })
  if (processed.status === 'failed') throw new Error(processed.error)
  const recorded =
    processed.status === 'processed' && processed.outcome.unlock
      ? processed.outcome.unlock
      : await recordUnlockEvent({ db, integration, event, now })
  return { event, ...recorded, door }
}

/**
 * The tap page's tap: a person chosen by name (one of the organisation's, else a 404) or a credential
 * typed in, tapped at one of the caller's gyms' doors, answered with who it was when the door knew them.
 */
export async function tapDoorAsStaff(options: {
  db: Db
  providers: DoorProviders
  organisationId: number
  doorId: number
  gymIds: readonly number[]
  userId: number | undefined
  credential: string | undefined
  payments: PaymentServices
  now: Date
}) {
  const { db, organisationId, userId } = options
  const chosen = userId === undefined ? null : await findPerson(db, { organisationId, userId })
  if (userId !== undefined && !chosen) throw notFound('Member')
  const tapped = await tapDoor({
    db,
    providers: options.providers,
    organisationId,
    doorId: options.doorId,
    gymIds: options.gymIds,
    tapped: chosen ? { userId: chosen.id } : { credential: options.credential ?? '' },
    payments: options.payments,
    now: options.now,
  })
  const person =
    chosen ?? (tapped.userId === null ? null : ((await findPerson(db, { userId: tapped.userId })) ?? null))
  return { ...tapped, person }
}

async function findPerson(db: Db, options: { organisationId?: number; userId: number }) {
  const [found] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.id, options.userId),
        options.organisationId === undefined ? undefined : ownedBy(users, options.organisationId),
      ),
    )
  return found
}
