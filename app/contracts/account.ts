import { billingFrequencies } from '~/contracts/enums'
import { nextChargeSchema } from '~/contracts/next-charge'
import { z } from '~/lib/validation'

/**
 * `GET /api/me/account` (issue 28): the member's own account at a glance — their membership in words,
 * what they owe and why, how they get in the door, and how to reach their gym. Words are the member's
 * ("You're paused until …"), worked out on the server from the same rules the console's member page and
 * the billing engine use.
 */
export const accountOverviewSchema = z.object({
  member: z.object({ name: z.string(), email: z.string() }),
  membership: z
    .object({
      id: z.number().int(),
      /** The headline state (the console's badge): active, paused, cancelled, in_grace_period, upcoming. */
      state: z.string(),
      /** That state in the member's words, with its dates. */
      state_words: z.string(),
      gym_name: z.string(),
      offering_name: z.string(),
      /** Cents each period before any card surcharge. */
      amount: z.number().int(),
      billing_frequency: z.enum(billingFrequencies),
      start_date: z.string(),
      /** A term membership: its length in words and the day the commitment ends. */
      term: z.object({ length: z.string(), ends_on: z.string().nullable() }).nullable(),
      pause: z.object({ starts_on: z.string(), ends_on: z.string().nullable() }).nullable(),
      cancellation: z
        .object({
          cancelled_on: z.string(),
          /** The last day the doors open; null when access has already ended. */
          access_until: z.string().nullable(),
          /** While this instant has not passed, the member may undo it. */
          undo_until: z.string().nullable(),
        })
        .nullable(),
      next_charge: nextChargeSchema.nullable(),
    })
    .nullable(),
  owing: z.object({
    /** Cents owed now: the engine's balance. */
    total: z.number().int(),
    /** The last day of the grace period (Auckland), while one runs. */
    grace_period_ends_on: z.string().nullable(),
    items: z.array(
      z.object({
        payment_id: z.number().int(),
        /** Cents owed for it, card surcharge included as it was charged. */
        amount: z.number().int(),
        due_on: z.string(),
        /** "The payment for 3 Dec – 9 Dec 2026 failed: insufficient funds." */
        why: z.string(),
      }),
    ),
  }),
  door: z.object({
    /** How the member gets in, or why the doors don't open for them. */
    words: z.string(),
    /** The code they enter at the door, when the door system gives them one. */
    code: z.string().nullable(),
  }),
  gym: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
})
export type AccountOverview = z.infer<typeof accountOverviewSchema>
