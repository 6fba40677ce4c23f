import type { AccessControlIntegrationType } from '~/contracts/enums'
import { AppError } from '~/lib/errors'

/**
 * A door access-control provider (PROVIDERS.md §3), as the access sync and the console call it. The
 * sandbox in this folder and the Kisi adapter (`kisi/`, ADR 038) implement it, and nothing above this
 * interface may tell them apart.
 *
 * Kisi's model, which every implementation follows: an organisation has places; a place has locks
 * (doors); a group lists the locks its members may open; a person is a user with role assignments
 * (`group_basic`) in groups — any one group that opens a lock wins. Unlock events come back through
 * the event webhook (`recordUnlockEvent`).
 *
 * Rules every implementation keeps:
 * - `grantAccess` and `revokeAccess` are idempotent: granting twice holds one assignment; revoking
 *   what is not there succeeds.
 * - `findOrCreateUser` finds the person by e-mail before creating one, so a retried sync never makes two.
 * - Methods throw on a provider failure (network, refusal) — a `DoorProviderError` — and the sync retries
 *   the person later.
 */
export interface DoorProvider {
  readonly type: AccessControlIntegrationType
  /**
   * Checks the organisation's keys (Kisi) or opens a sandbox organisation with a place per gym, and
   * answers the credentials to keep on the integration.
   */
  connect(input: {
    credentials: Record<string, unknown>
    gymNames: readonly string[]
    now: Date
  }): Promise<DoorAccount>
  listPlaces(account: DoorAccount): Promise<DoorPlace[]>
  listLocks(account: DoorAccount, placeId: string): Promise<DoorLock[]>
  /** A group at the place that opens every lock of it; answers the group's id. */
  createPlaceGroup(account: DoorAccount, input: { placeId: string; name: string; now: Date }): Promise<string>
  findOrCreateUser(account: DoorAccount, input: { email: string; name: string; now: Date }): Promise<string>
  /** The groups the user holds access through. */
  listUserGroups(account: DoorAccount, userId: string): Promise<string[]>
  grantAccess(account: DoorAccount, input: { userId: string; groupId: string; now: Date }): Promise<void>
  revokeAccess(account: DoorAccount, input: { userId: string; groupId: string }): Promise<void>
  /** What the person taps at the door (a card number or QR value), or null when they have none. */
  findCredential(account: DoorAccount, userId: string): Promise<string | null>
  /** A new credential (a lost card, a shared QR code): the old one stops opening doors at once. */
  recreateCredential(account: DoorAccount, userId: string): Promise<string>
}

/** The integration's stored credentials: an API key (Kisi), or the sandbox organisation's id. */
export type DoorAccount = Record<string, unknown>

export interface DoorPlace {
  id: string
  name: string
}

export interface DoorLock {
  id: string
  name: string
}

/** An unlock attempt as the provider's event webhook reports it (Kisi's `lock.unlock`). */
export interface UnlockEvent {
  /** The event's id: a redelivered event has the same one. */
  uuid: string
  /** The provider's user id of who tapped, or null when the credential is unknown. */
  actorId: string | null
  lockId: string
  placeId: string
  success: boolean
  errorCode: string | null
  errorMessage: string | null
  createdAt: Date
}

/**
 * Why a door provider refused or failed a call, in words an organisation admin reads (never a key):
 * - `unauthorised`: the provider refused the organisation's key (revoked, expired): nothing works
 *   until someone connects a new one, so it is the integration's error, not one person's;
 * - `not_found`: what was asked for is gone at the provider (a place or group deleted in its dashboard);
 * - `invalid`: the provider refused what we sent (its validation message);
 * - `rate_limited`: too many calls; `retryAfterSeconds` from the provider's `Retry-After`;
 * - `unavailable`: no answer in time, a network failure or the provider's own 5xx.
 *
 * Thrown by every adapter alike, so the sync retries the person later (the outbox keeps the message)
 * and an API call that reached the provider answers a 4xx in these words (never a 5xx).
 */
export type DoorProviderFailure = 'unauthorised' | 'not_found' | 'invalid' | 'rate_limited' | 'unavailable'

export class DoorProviderError extends AppError {
  readonly reason: DoorProviderFailure

  constructor(
    reason: DoorProviderFailure,
    message: string,
    options: { retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    const code =
      reason === 'rate_limited' ? 'TOO_MANY_ATTEMPTS' : reason === 'not_found' ? 'NOT_FOUND' : 'CONFLICT'
    super(code, message, options)
    this.name = 'DoorProviderError'
    this.reason = reason
  }
}

/** Thrown for an integration type without an adapter in this server (Kisi, when its keys are not set). */
export class DoorProviderUnavailableError extends Error {}

export type DoorProviders = Partial<Record<AccessControlIntegrationType, DoorProvider>>

export function doorProviderFor(providers: DoorProviders, type: AccessControlIntegrationType): DoorProvider {
  const provider = providers[type]
  if (!provider) throw new DoorProviderUnavailableError(`No ${type} door adapter in this build`)
  return provider
}
