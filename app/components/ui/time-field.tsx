import type { Time } from '@internationalized/date'
import {
  I18nProvider,
  TimeField as RACTimeField,
  type TimeFieldProps as RACTimeFieldProps,
} from 'react-aria-components'
import { awaitsCode, useLive } from './before-load'
import { Description, FieldError, Label } from './field'
import { SegmentedInput } from './segmented-input'
import { composeTailwindRenderProps } from './utils'

export interface TimeFieldProps extends Omit<RACTimeFieldProps<Time>, 'children'> {
  label: string
  description?: string
  errorMessage?: string
}

/**
 * A time of day typed into hour and minute segments on the 24-hour clock, so digits read as a person
 * means them: "2200" is 22:00 (10 pm) and "0500" is 05:00. On a 12-hour clock the hour segment takes
 * "22" as 2 and the next digit as minutes (issue 13). Value: a Time or null.
 */
export function TimeField({
  label,
  description,
  errorMessage,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: TimeFieldProps) {
  // Its segments take digits only through its code: not yet usable until it runs (ADR 058).
  const live = useLive()
  return (
    <I18nProvider locale="en-NZ">
      <RACTimeField
        hourCycle={24}
        shouldForceLeadingZeros
        {...props}
        {...awaitsCode(live, 'wait')}
        isDisabled={props.isDisabled || !live}
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
