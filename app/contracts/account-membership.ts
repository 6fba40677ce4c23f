import { cancellationReasons } from '~/contracts/membership-action-words'
import { calendarDate, z } from '~/lib/validation'

/**
 * The member's own membership in their account (issue 28, "Pause or cancel"): what they may do now and
 * on what terms, what each action would do (said before they confirm), and the actions themselves.
 * The actions run the staff services (the same rules, notices and history lines) with the member as
 * the one acting.
 */

const chargeSchema = z.object({ on: z.string(), total: z.number().int().nullable() })

/** One action's answer to "may I?": allowed, or the reason in words. */
const permissionSchema = z.object({ allowed: z.boolean(), reason: z.string().nullable() })

export const selfServiceSchema = z.object({
  membership: z
    .object({
      id: z.number().int(),
      /** The version the member read: an action names it (a second press of the same action gets a 409). */
      version: z.number().int(),
      name: z.string(),
      gym_name: z.string(),
      /** "Active", "Paused until 14 Mar 2027", "Cancelled: ends 3 Jan 2027"… */
      state: z.string(),
      current_period_end: z.string().nullable(),
      next_charge: chargeSchema.nullable(),
      pause: z.object({ start_date: z.string(), end_date: z.string(), started: z.boolean() }).nullable(),
      cancellation: z
        .object({ ends_on: z.string().nullable(), undo_until: z.string().nullable() })
        .nullable(),
      term: z
        .object({
          /** Exclusive, like the renew date. */
          term_ends_at: z.string(),
          cooling_off_until: z.string().nullable(),
          /** Inside the cooling-off period: leaving costs nothing more. */
          in_cooling_off: z.boolean(),
          /** Cancelling now: the day access ends (the end of the period the term ends in). */
          ends_on: z.string(),
          remaining_charges: z.number().int(),
          remaining_cost: z.number().int(),
        })
        .nullable(),
    })
    .nullable(),
  pause: permissionSchema.extend({
    min_days: z.number().int(),
    max_days: z.number().int(),
    earliest_start: z.string(),
    rules: z.array(z.string()),
  }),
  end_pause: permissionSchema,
  cancel: permissionSchema.extend({
    /** The day access ends if they cancel now, and what cancelling does, in words. */
    ends_on: z.string().nullable(),
    effect: z.string().nullable(),
    reasons: z.array(z.string()),
  }),
  undo_cancellation: permissionSchema.extend({ effect: z.string().nullable() }),
})
export type SelfService = z.infer<typeof selfServiceSchema>

export const selfServiceActions = ['pause', 'end_pause', 'cancel', 'undo_cancellation'] as const

export const previewQuerySchema = z.object({
  action: z.enum(selfServiceActions),
  start_date: calendarDate.optional(),
  end_date: calendarDate.optional(),
})

/** What an action would do, before the member confirms it: to their access and to their next charge. */
export const previewSchema = z.object({
  action: z.enum(selfServiceActions),
  effect: z.string(),
  access: z.string(),
  charge: z.string(),
})
export type SelfServicePreview = z.infer<typeof previewSchema>

const versioned = { version: z.number().int().positive() }

export const selfPauseRequestSchema = z.object({
  ...versioned,
  start_date: calendarDate,
  end_date: calendarDate,
})

export const selfCancelRequestSchema = z.object({
  ...versioned,
  /** Optional, never required: why they leave, from the front desk's list. */
  reason: z.enum(cancellationReasons).nullish(),
  comments: z.string().trim().max(2000).nullish(),
})

export const selfVersionRequestSchema = z.object(versioned)

/** The switches are off: said in plain words (a 403). */
export const pauseOffMessage =
  'Your gym doesn’t take pauses online. Ask the gym’s staff to pause your membership.'
export const cancelOffMessage =
  'Your gym doesn’t take cancellations online. Ask the gym’s staff, in person or by e-mail, to cancel your membership.'
/** A second press, or a change made elsewhere meanwhile (a 409). */
export const staleMessage = 'Your membership changed a moment ago: here it is as it stands now.'
