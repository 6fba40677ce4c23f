import { formErrorsOf } from '~/components/form/field-errors'
import {
  billingFrequencies,
  billingFrequencyLabels,
  createOfferingRequestSchema,
  type Offering,
  termUnitLabels,
  termUnits,
  updateOfferingRequestSchema,
} from '~/contracts/catalogue'
import type { Organisation } from '~/contracts/organisation'
import { isFrequencyEnabled } from '~/contracts/price-rules'

/**
 * The offering form's values and how they become the API's payload. Choices are held as the select's
 * string ids (null while nothing is picked), money as cents, so the contract's zod schema validates the
 * payload and its SPEC §5 messages land under the fields that caused them.
 */
let rows = 0
/** A key for a list row the form adds; rows have no id until saved, and indexes shift on removal. */
export const rowKey = () => {
  rows += 1
  return `row-${rows}`
}

export interface PriceFormValues {
  key: string
  amount: number | null
  billing_frequency: string | null
  joining_fee: number | null
  private: boolean
  term_amount: number | null
  term_unit: string | null
}

export interface HoursFormValues {
  key: string
  day: string | null
  open_at: string
  close_at: string
}

export interface OfferingFormValues {
  name: string
  description: string
  type: string | null
  /** Kept as the offering has it; the form itself always names gyms (SPEC §7). */
  all_gyms_access: boolean
  gyms: string[]
  mandated: boolean
  hours_mandated: boolean
  prices_mandated: boolean
  hours: HoursFormValues[]
  prices: PriceFormValues[]
}

export const emptyPrice = (): PriceFormValues => ({
  key: rowKey(),
  amount: null,
  billing_frequency: null,
  joining_fee: null,
  private: false,
  term_amount: null,
  term_unit: null,
})

export function defaultOfferingValues(options: {
  gymIds: number[]
  type: string | null
}): OfferingFormValues {
  return {
    name: '',
    description: '',
    type: options.type,
    all_gyms_access: false,
    gyms: options.gymIds.map(String),
    mandated: false,
    hours_mandated: true,
    prices_mandated: false,
    hours: [],
    prices: [emptyPrice()],
  }
}

/** An offering's edit form, filled in as the offering is now. */
export function offeringValuesFrom(offering: Offering): OfferingFormValues {
  return {
    name: offering.name,
    description: offering.description ?? '',
    type: offering.type,
    all_gyms_access: offering.all_gyms_access,
    gyms: offering.gyms.map((gym) => String(gym.id)),
    mandated: offering.mandated,
    hours_mandated: offering.hours_mandated,
    prices_mandated: offering.prices_mandated,
    hours: offering.hours.map((window) => ({
      key: rowKey(),
      day: String(window.day),
      open_at: window.open_at,
      close_at: window.close_at,
    })),
    prices: [],
  }
}

/** Undefined for an empty choice, so the contract says "Value is required" rather than "invalid". */
const chosen = (value: string | null): string | undefined => value || undefined

/** A price as the API takes it, not yet validated: empty fields stay undefined for the contract to name. */
export function priceDraft(price: PriceFormValues) {
  return {
    amount: price.amount ?? undefined,
    billing_frequency: chosen(price.billing_frequency),
    joining_fee: price.joining_fee ?? 0,
    private: price.private,
    term_amount: price.term_amount,
    term_unit: chosen(price.term_unit) ?? null,
  }
}

export function offeringDraft(values: OfferingFormValues) {
  return {
    name: values.name,
    description: values.description.trim() === '' ? null : values.description,
    type: chosen(values.type),
    // SPEC §7: the form always sends false and names the gyms.
    all_gyms_access: false,
    mandated: values.mandated,
    hours_mandated: values.hours_mandated,
    prices_mandated: values.prices_mandated,
    gyms: values.gyms.map(Number),
    hours:
      values.type === 'limited_access'
        ? values.hours.map((window) => ({
            day: window.day ? Number(window.day) : undefined,
            open_at: window.open_at,
            close_at: window.close_at,
          }))
        : [],
    prices: values.prices.map(priceDraft),
  }
}

/** What an edit sends (`PUT /offerings/{id}`): the type, requirements and prices are not part of it. */
export function offeringUpdateDraft(values: OfferingFormValues) {
  const draft = offeringDraft(values)
  return {
    name: draft.name,
    description: draft.description,
    all_gyms_access: values.all_gyms_access,
    gyms: values.all_gyms_access ? [] : draft.gyms,
    hours: draft.hours,
  }
}

/** TanStack Form's form-level validator: the contract's messages under the fields. */
export function validateOffering(values: OfferingFormValues) {
  return formErrorsOf(createOfferingRequestSchema.safeParse(offeringDraft(values)))
}

export function validateOfferingUpdate(values: OfferingFormValues) {
  return formErrorsOf(updateOfferingRequestSchema.safeParse(offeringUpdateDraft(values)))
}

/** The frequencies a price may have: the organisation's enabled ones, plus those it cannot switch off. */
export function frequencyOptions(organisation: Pick<Organisation, 'price_frequencies'>) {
  return billingFrequencies
    .filter((frequency) => isFrequencyEnabled({ frequency, enabled: organisation.price_frequencies }))
    .map((frequency) => ({ id: frequency, name: billingFrequencyLabels[frequency] }))
}

export const termUnitOptions = termUnits.map((unit) => ({ id: unit, name: termUnitLabels[unit] }))
