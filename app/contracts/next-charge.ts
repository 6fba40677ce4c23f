import type { NextChargeAnswer } from '~/contracts/next-charge-words'
import { z } from '~/lib/validation'

/**
 * A membership's next charge as every API answer gives it (the member's page, the member's own welcome
 * page): worked out by the one rule the billing engine charges by (`nextCharge`, ADR 031). Amounts are
 * null for staff who may not see money.
 */
export const nextChargeSchema = z.object({
  /** The day it is taken (Auckland). */
  on: z.string(),
  /** Cents before the card surcharge. */
  amount: z.number().int().nullable(),
  surcharge: z.number().int().nullable(),
  /** What is taken: amount plus surcharge. */
  total: z.number().int().nullable(),
  kind: z.enum(['first_payment', 'renewal', 'retry']),
  /** Charged at a scheduled price change's new price. */
  new_price: z.boolean(),
})
export type NextChargeAnswerSchema = z.infer<typeof nextChargeSchema>

/** The schema and the words' shape are one: a change to either fails the type check here. */
const sameShape: NextChargeAnswerSchema extends NextChargeAnswer
  ? NextChargeAnswer extends NextChargeAnswerSchema
    ? true
    : false
  : false = true
void sameShape
