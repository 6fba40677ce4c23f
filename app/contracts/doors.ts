import { accessControlIntegrationTypes } from '~/contracts/enums'
import { namedSchema } from '~/contracts/list-fields'
import { recordId, z } from '~/lib/validation'

/**
 * Door access (issue 17, ADR 029): the organisation's door system, its places and doors, a gym's doors
 * and whether each counts visits, what a person may open and why not, and the sandbox's tap.
 */
export const doorSystemSchema = z.object({
  id: z.number().int(),
  integration_type: z.enum(accessControlIntegrationTypes),
  /** Why the door system refuses us (a revoked key), in words; null while it works. */
  error: z.string().nullable(),
})
export type DoorSystem = z.infer<typeof doorSystemSchema>

export const doorSystemTypeWords: Record<(typeof accessControlIntegrationTypes)[number], string> = {
  kisi: 'Kisi',
  sandbox: 'Sandbox door system',
}

export const connectDoorSystemRequestSchema = z.object({
  integration_type: z.enum(accessControlIntegrationTypes, 'Choose a door system'),
  /** Kisi's API key (from the organisation owner's account); the sandbox needs none. */
  api_key: z.string().trim().max(200).optional(),
})
export type ConnectDoorSystemRequest = z.input<typeof connectDoorSystemRequestSchema>

export const doorPlaceSchema = z.object({
  /** The door system's id of the place. */
  id: z.string(),
  name: z.string(),
  gym: namedSchema.nullable(),
})
export type DoorPlace = z.infer<typeof doorPlaceSchema>

export const placeDoorSchema = z.object({
  /** Ours, once the place is linked to a gym; null before. */
  id: z.number().int().nullable(),
  /** The door system's id of the door (Kisi: lock id). */
  door_id: z.string(),
  name: z.string(),
  tracks_visits: z.boolean(),
})

export const gymDoorSchema = z.object({
  id: z.number().int(),
  door_id: z.string(),
  name: z.string(),
  tracks_visits: z.boolean(),
})
export type GymDoor = z.infer<typeof gymDoorSchema>

/** A gym's doors as its page shows them, and the places it can still be linked to. */
export const gymDoorsSchema = z.object({
  integration: doorSystemSchema.nullable(),
  place: z.object({ id: z.number().int(), place_id: z.string(), name: z.string() }).nullable(),
  doors: z.array(gymDoorSchema),
  available_places: z.array(z.object({ id: z.string(), name: z.string() })),
})
export type GymDoors = z.infer<typeof gymDoorsSchema>

/** A new place in the sandbox door system, named after the gym it is for. */
export const sandboxPlaceRequestSchema = z.object({
  name: z.string().trim().min(1, 'Enter the place’s name').max(120),
})

export const linkPlaceRequestSchema = z.object({
  place_id: z.string().trim().min(1, 'Choose a place').max(100),
})

export const tracksVisitsRequestSchema = z.object({
  door_id: recordId,
  tracks_visits: z.boolean(),
})

/** What a person may open now and why not (the member's Access tab). */
export const memberDoorAccessSchema = z.object({
  connected: z.boolean(),
  /** Why the doors don't open, in words; null when some do. */
  refused_reason: z.string().nullable(),
  /** The next day the answer changes by itself (a pause starting or ending, a cancellation taking effect). */
  next_change_on: z.string().nullable(),
  gyms: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      may_open: z.boolean(),
      /** The door system already holds this answer (false for a few seconds after a change). */
      in_effect: z.boolean(),
      doors: z.array(namedSchema),
    }),
  ),
  synced_at: z.string().nullable(),
  waiting: z.boolean(),
  /** The member's gym (their latest membership's, else their home gym): where "Try a door" opens. */
  member_gym_id: z.number().int().nullable(),
})
export type MemberDoorAccess = z.infer<typeof memberDoorAccessSchema>

export const doorCredentialSchema = z.object({
  /** What the person taps at a door (the sandbox: a code, shown as a QR code too). */
  credential: z.string(),
  provider_user_id: z.string(),
})
export type DoorCredential = z.infer<typeof doorCredentialSchema>

export const staffDoorAccessRequestSchema = z.object({ enabled: z.boolean() })

export const tapCredentialMaxLength = 64
export const tapCredentialTooLong = `A card number or code is at most ${tapCredentialMaxLength} characters. Check what was typed or pasted.`

/** The sandbox's tap (the demo's door): a person chosen by id, or a credential typed in. */
export const tapRequestSchema = z
  .object({
    door_id: recordId,
    user_id: recordId.optional(),
    credential: z.string().trim().max(tapCredentialMaxLength, tapCredentialTooLong).optional(),
  })
  .refine((value) => value.user_id !== undefined || (value.credential ?? '') !== '', {
    message: 'Choose a member or type a card or code',
    path: ['credential'],
  })
export type TapRequest = z.input<typeof tapRequestSchema>

export const tapResultSchema = z.object({
  opened: z.boolean(),
  /** Why it refused, in words; null when it opened. */
  refused_reason: z.string().nullable(),
  door: z.object({ id: z.number().int(), name: z.string(), gym_id: z.number().int() }),
  person: namedSchema.nullable(),
  visit: z
    .object({
      id: z.number().int(),
      successful: z.boolean(),
      visited_at: z.string(),
      refused_reason: z.string().nullable(),
    })
    .nullable(),
})
export type TapResult = z.infer<typeof tapResultSchema>
