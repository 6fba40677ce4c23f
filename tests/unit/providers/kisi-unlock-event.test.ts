import { describe, expect, it } from 'vitest'
import { KisiEventError, parseKisiUnlockEvent } from '~/server/providers/doors/kisi/kisi-unlock-event'

/** Kisi's event webhook payload as PROVIDERS.md §3 lists its fields. */
const unlock = {
  uuid: '7f2b8a9e-61b8-4bd5-9a51-3c6f2f1d0a11',
  type: 'lock.unlock',
  actor_type: 'User',
  actor_id: 4321,
  actor_name: 'Aroha Ngata',
  object_type: 'Lock',
  object_id: 1001,
  object_name: 'Front door',
  organization_id: 77,
  place_id: 500,
  success: true,
  error_code: null,
  error_message: null,
  created_at: '2026-03-10T07:15:00.000Z',
}

describe('parseKisiUnlockEvent', () => {
  it('reads an unlock into the door interface’s event, ids as strings', () => {
    expect(parseKisiUnlockEvent(unlock)).toEqual({
      uuid: unlock.uuid,
      actorId: '4321',
      lockId: '1001',
      placeId: '500',
      success: true,
      errorCode: null,
      errorMessage: null,
      createdAt: new Date('2026-03-10T07:15:00.000Z'),
    })
  })

  it('keeps a refusal’s code and words, and a time with an offset', () => {
    expect(
      parseKisiUnlockEvent({
        ...unlock,
        success: false,
        error_code: 'access_denied',
        error_message: 'No access rights',
        created_at: '2026-03-10T20:15:00+13:00',
      }),
    ).toMatchObject({
      success: false,
      errorCode: 'access_denied',
      errorMessage: 'No access rights',
      createdAt: new Date('2026-03-10T07:15:00.000Z'),
    })
  })

  it('has no person for an unlock by something other than a user (a link, a schedule)', () => {
    expect(parseKisiUnlockEvent({ ...unlock, actor_type: 'GroupLink', actor_id: 9 }).actorId).toBeNull()
    expect(parseKisiUnlockEvent({ ...unlock, actor_id: null }).actorId).toBeNull()
  })

  it('refuses another type of event, an unlock of something else, or a payload without what a visit needs', () => {
    expect(() => parseKisiUnlockEvent({ ...unlock, type: 'user.created' })).toThrow(KisiEventError)
    expect(() => parseKisiUnlockEvent({ ...unlock, object_type: 'Elevator' })).toThrow(/not a lock/)
    const { uuid: _uuid, ...withoutUuid } = unlock
    expect(() => parseKisiUnlockEvent(withoutUuid)).toThrow(KisiEventError)
    expect(() => parseKisiUnlockEvent({ ...unlock, created_at: 'yesterday' })).toThrow(KisiEventError)
    expect(() => parseKisiUnlockEvent('not json')).toThrow(KisiEventError)
  })
})
