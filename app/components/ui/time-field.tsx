import type { Time } from '@internationalized/date'
import {
  DateInput,
  DateSegment,
  I18nProvider,
  TimeField as RACTimeField,
  type TimeFieldProps as RACTimeFieldProps,
} from 'react-aria-components'
import { twMerge } from 'tailwind-variants'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
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
        <DateInput
          className={(renderProps) =>
            twMerge(
              'flex h-10 w-full items-center rounded-md bg-white px-3 text-base text-slate-900',
              'outline-0 outline-offset-2 outline-accent-600 focus-within:outline-2 forced-colors:outline-[Highlight]',
              fieldBorderStyles({
                isFocusWithin: renderProps.isFocusWithin,
                isInvalid: renderProps.isInvalid,
                isDisabled: renderProps.isDisabled,
              }),
            )
          }
        >
          {(segment) => (
            <DateSegment
              segment={segment}
              className={twMerge(
                'rounded-sm px-0.5 tabular-nums caret-transparent outline-0',
                'type-literal:px-0 placeholder-shown:text-slate-500',
                'focused:bg-accent-600 focused:text-white forced-colors:focused:bg-[Highlight]',
              )}
            />
          )}
        </DateInput>
        {description ? <Description>{description}</Description> : null}
        {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
      </RACTimeField>
    </I18nProvider>
  )
}
