import {
  type BillingFrequency,
  type OrganisationPriceFrequency,
  type TermUnit,
  termUnits,
} from '~/contracts/enums'
import { z } from '~/lib/validation'

/**
 * What makes a price valid, once, for the API contract, the offering form and the price services
 * (ADR 018). Pure and isomorphic: the form runs the same rules the server does.
 */

export const selectTermUnit = 'Please select a term unit'
export const enterTermAmount = 'Please enter a term amount'

/** A term is 1 to 120 of its unit: ten years of months is the longest commitment sold. */
export const termAmountSchema = z.int().min(1).max(120)
export const termUnitSchema = z.enum(termUnits)

/**
 * SPEC §5: a term needs both its length and its unit; each missing half has its own message. Takes
 * `unknown` because a form checks values that may not have parsed yet.
 */
export function findTermProblems(options: { termAmount?: unknown; termUnit?: unknown }): {
  termAmount?: string
  termUnit?: string
} {
  const { termAmount, termUnit } = options
  if (termAmount != null && termUnit == null) return { termUnit: selectTermUnit }
  if (termUnit != null && termAmount == null) return { termAmount: enterTermAmount }
  return {}
}

/** Whether a price has a term (a fixed commitment) rather than being flexi. */
export function hasTerm(price: {
  termAmount: number | null
  termUnit: TermUnit | null
}): price is { termAmount: number; termUnit: TermUnit } {
  return price.termAmount !== null && price.termUnit !== null
}

/**
 * The organisation's switch for a price's billing frequency (SPEC §9). The setting names twice-yearly
 * `six_monthly`; daily, bi-monthly and one-off have no switch.
 */
export const organisationFrequencyOf: Partial<Record<BillingFrequency, OrganisationPriceFrequency>> = {
  weekly: 'weekly',
  fortnightly: 'fortnightly',
  monthly: 'monthly',
  quarterly: 'quarterly',
  twice_yearly: 'six_monthly',
  yearly: 'yearly',
}

export const frequencyNotEnabledMessage = 'This billing frequency is not enabled for the organisation.'

/**
 * Only the frequencies the organisation has switched on may be sold (SPEC §9). Daily, every two months and
 * one-off have no switch, so no new price is sold with them; prices that already have them (imported
 * from an earlier system) still bill.
 */
export function isFrequencyEnabled(options: {
  frequency: BillingFrequency
  enabled: readonly OrganisationPriceFrequency[]
}): boolean {
  const setting = organisationFrequencyOf[options.frequency]
  return setting !== undefined && options.enabled.includes(setting)
}

export const keepOneFrequencyMessage = 'Keep at least one billing frequency switched on.'
