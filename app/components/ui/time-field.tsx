import type { Time } from '@internationalized/date'
import {
  I18nProvider,
  TimeField as RACTimeField,
  type TimeFieldProps as RACTimeFieldProps,
} from 'react-aria-components'
import { Description, FieldError, Label } from './field'
import { SegmentedInput } from './segmented-input'
import { composeTailwindRenderProps } from './utils'

export interface TimeFieldProps extends Omit<RACTimeFieldProps<Time>, 'children'> {
  label: string
  description?: string
  errorMessage?: string
}

/** A time of day typed into hour / minute / am-pm segments (en-NZ: `6:00 am`). Value: a Time or null. */
export function TimeField({
  label,
  description,
  errorMessage,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: TimeFieldProps) {
  return (
    <I18nProvider locale="en-NZ">
      <RACTimeField
        {...props}
        isInvalid={isInvalid ?? errorMessage !== undefined}
        validationBehavior={validationBehavior}
        className={composeTailwindRenderProps(className, 'flex flex-col gap-1.5')}
      >
        <Label>{label}</Label>
        <SegmentedInput />
        {description ? <Description>{description}</Description> : null}
        {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
      </RACTimeField>
    </I18nProvider>
  )
}
