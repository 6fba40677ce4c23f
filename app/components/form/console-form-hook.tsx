import { parseTime, type Time } from '@internationalized/date'
import { createFormHook, useStore } from '@tanstack/react-form'
import {
  CheckboxGroup as KitCheckboxGroup,
  type CheckboxGroupProps as KitCheckboxGroupProps,
} from '~/components/ui/checkbox-group'
import {
  NumberField as KitNumberField,
  type NumberFieldProps as KitNumberFieldProps,
} from '~/components/ui/number-field'
import {
  RadioGroup as KitRadioGroup,
  type RadioGroupProps as KitRadioGroupProps,
} from '~/components/ui/radio-group'
import { Select as KitSelect, SelectItem } from '~/components/ui/select'
import {
  TimeField as KitTimeField,
  type TimeFieldProps as KitTimeFieldProps,
} from '~/components/ui/time-field'
import {
  type BoundProps,
  baseFieldComponents,
  clearServerError,
  fieldContext,
  formComponents,
  formContext,
  useFieldContext,
  useFieldError,
} from './form-hook'

/**
 * The console's forms: the base fields plus money, whole numbers, times, selects, radio and checkbox
 * groups. A hook of its own so the join site's forms (form-hook.tsx) don't ship these controls and their
 * number and date parsing to phones that never show them.
 */

export type MoneyFieldProps = Omit<KitNumberFieldProps, BoundProps | 'formatOptions'>

const nzd = { style: 'currency', currency: 'NZD', currencyDisplay: 'narrowSymbol' } as const

/**
 * Money typed in dollars (`$25.00`), held as integer cents (null while empty), so the form's values are
 * what the API takes and its zod contract validates them (DESIGN §2: money is integer cents).
 */
function MoneyField(props: MoneyFieldProps) {
  const field = useFieldContext<number | null>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitNumberField
      minValue={0}
      maxValue={1_000_000}
      {...props}
      formatOptions={nzd}
      name={field.name}
      value={value === null || value === undefined ? Number.NaN : value / 100}
      onChange={(dollars) => {
        clearServerError(field)
        field.handleChange(Number.isNaN(dollars) ? null : Math.round(dollars * 100))
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    />
  )
}

export type IntegerFieldProps = Omit<KitNumberFieldProps, BoundProps>

/** A whole number (a term length, a grace period), null while empty. */
function IntegerField(props: IntegerFieldProps) {
  const field = useFieldContext<number | null>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitNumberField
      minValue={0}
      step={1}
      {...props}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      name={field.name}
      value={value === null || value === undefined ? Number.NaN : value}
      onChange={(next) => {
        clearServerError(field)
        field.handleChange(Number.isNaN(next) ? null : Math.round(next))
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    />
  )
}

export type TimeFieldProps = Omit<KitTimeFieldProps, BoundProps>

/** A time of day held as `HH:MM` ('' while empty or incomplete), the API's shape. */
function TimeField(props: TimeFieldProps) {
  const field = useFieldContext<string>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitTimeField
      {...props}
      name={field.name}
      value={parseTimeValue(value)}
      onChange={(next) => {
        clearServerError(field)
        field.handleChange(next ? next.toString().slice(0, 5) : '')
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    />
  )
}

function parseTimeValue(value: string): Time | null {
  if (!value) return null
  try {
    return parseTime(value)
  } catch {
    return null
  }
}

export interface SelectFieldProps {
  label: string
  description?: string
  options: ReadonlyArray<{ id: string; name: string }>
  placeholder?: string
  className?: string
  isRequired?: boolean
}

/** One choice from a list, held as its id (null while nothing is chosen). */
function SelectField(props: SelectFieldProps) {
  const field = useFieldContext<string | null>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitSelect
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Choose…'}
      className={props.className}
      isRequired={props.isRequired}
      items={props.options}
      name={field.name}
      value={value ?? null}
      onChange={(key) => {
        clearServerError(field)
        field.handleChange(key === null ? null : String(key))
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    >
      {(option) => <SelectItem id={option.id}>{option.name}</SelectItem>}
    </KitSelect>
  )
}

export type RadioGroupFieldProps = Omit<KitRadioGroupProps, BoundProps>

/** One choice of a few, held as its value (null while nothing is chosen). */
function RadioGroupField(props: RadioGroupFieldProps) {
  const field = useFieldContext<string | null>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitRadioGroup
      {...props}
      name={field.name}
      value={value ?? null}
      onChange={(next) => {
        clearServerError(field)
        field.handleChange(next)
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    />
  )
}

export type CheckboxGroupFieldProps = Omit<KitCheckboxGroupProps, BoundProps>

/** Several choices, held as a list of their values (checkbox values are strings in the DOM). */
function CheckboxGroupField(props: CheckboxGroupFieldProps) {
  const field = useFieldContext<string[]>()
  const value = useStore(field.store, (state) => state.value)
  const errorMessage = useFieldError(field)
  return (
    <KitCheckboxGroup
      {...props}
      name={field.name}
      value={value}
      onChange={(next) => {
        clearServerError(field)
        field.handleChange(next)
      }}
      onBlur={field.handleBlur}
      errorMessage={errorMessage}
    />
  )
}

export const { useAppForm: useConsoleForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: {
    ...baseFieldComponents,
    MoneyField,
    IntegerField,
    TimeField,
    SelectField,
    RadioGroupField,
    CheckboxGroupField,
  },
  formComponents,
})
