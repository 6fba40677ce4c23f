import { parseTime } from '@internationalized/date'
import { createFormHook } from '@tanstack/react-form'
import { useState } from 'react'
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
import { dollarFieldFormat } from '~/lib/money'
import { messages } from '~/lib/validation'
import {
  type BoundProps,
  baseFieldComponents,
  fieldContext,
  formComponents,
  formContext,
  useFieldBinding,
  useParsedBinding,
} from './form-hook'
import { useSettledAfterPress } from './settle-after-press'

/**
 * The console's forms: the base fields plus money, whole numbers, times, selects, radio and checkbox
 * groups. A hook of its own so the join site's forms (form-hook.tsx) don't ship these controls and their
 * number and date parsing to phones that never show them.
 */

export type MoneyFieldProps = Omit<
  KitNumberFieldProps,
  BoundProps | 'formatOptions' | 'onInputRefused' | 'inputMode'
>

/**
 * The number binder: the control shows `value / scale`, the form holds `typed × scale` rounded (null
 * while empty), so money typed in dollars is held as the integer cents the API takes. A keystroke the
 * control refused is said under the field (`refusedMessage`) until the next accepted one.
 */
function useNumberBinding(scale: number, refusedMessage: string) {
  const { value, onChange, errorMessage, ...bound } = useFieldBinding<number | null>()
  const [refused, setRefused] = useState<string | undefined>(undefined)
  const refusedNotice = useSettledAfterPress(refused)
  return {
    ...bound,
    value: value === null || value === undefined ? Number.NaN : value / scale,
    onChange: (typed: number) => onChange(Number.isNaN(typed) ? null : Math.round(typed * scale)),
    onInputRefused: (isRefused: boolean, decimals?: number) =>
      setRefused(
        isRefused ? (decimals === undefined ? refusedMessage : messages.decimalPlaces(decimals)) : undefined,
      ),
    errorMessage: errorMessage ?? refusedNotice,
  }
}

/**
 * Money typed in dollars (`$25.00`), held as integer cents, so the form's values are what the API takes
 * and its zod contract validates them, limits said in dollars (DESIGN §2: money is integer cents).
 */
function MoneyField(props: MoneyFieldProps) {
  return (
    <KitNumberField
      {...props}
      {...useNumberBinding(100, messages.number)}
      formatOptions={dollarFieldFormat}
      inputMode="decimal"
    />
  )
}

export type IntegerFieldProps = Omit<KitNumberFieldProps, BoundProps | 'onInputRefused' | 'inputMode'>

/** A whole number (a term length, a grace period), null while empty; its limits are the schema's. */
function IntegerField(props: IntegerFieldProps) {
  return (
    <KitNumberField
      step={1}
      {...props}
      {...useNumberBinding(1, messages.wholeNumber)}
      formatOptions={{ maximumFractionDigits: 0, useGrouping: false }}
      inputMode="numeric"
    />
  )
}

export type TimeFieldProps = Omit<KitTimeFieldProps, BoundProps>

/** A time of day held as `HH:MM` ('' while empty or incomplete), the API's shape. */
function TimeField(props: TimeFieldProps) {
  return <KitTimeField {...props} {...useParsedBinding(parseTime, (time) => time.toString().slice(0, 5))} />
}

export interface SelectFieldProps {
  label: string
  description?: string
  options: ReadonlyArray<{ id: string; name: string }>
  placeholder?: string
  className?: string
  isRequired?: boolean
  isDisabled?: boolean
}

/** One choice from a list, held as its id (null while nothing is chosen). */
function SelectField(props: SelectFieldProps) {
  const { value, onChange, ...bound } = useFieldBinding<string | null>()
  return (
    <KitSelect
      label={props.label}
      description={props.description}
      placeholder={props.placeholder ?? 'Choose…'}
      className={props.className}
      isRequired={props.isRequired}
      isDisabled={props.isDisabled}
      items={props.options}
      {...bound}
      value={value ?? null}
      onChange={(key) => onChange(key === null ? null : String(key))}
    >
      {(option) => <SelectItem id={option.id}>{option.name}</SelectItem>}
    </KitSelect>
  )
}

export type RadioGroupFieldProps = Omit<KitRadioGroupProps, BoundProps>

/** One choice of a few, held as its value (null while nothing is chosen). */
function RadioGroupField(props: RadioGroupFieldProps) {
  const { value, ...bound } = useFieldBinding<string | null>()
  return <KitRadioGroup {...props} {...bound} value={value ?? null} />
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
  },
  formComponents,
})
