import type { CalendarDate } from '@internationalized/date'
import {
  DateInput,
  DateSegment,
  I18nProvider,
  DateField as RACDateField,
  type DateFieldProps as RACDateFieldProps,
} from 'react-aria-components'
import { twMerge } from 'tailwind-variants'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
import { composeTailwindRenderProps } from './utils'

export interface DateFieldProps extends Omit<RACDateFieldProps<CalendarDate>, 'children'> {
  label: string
  description?: string
  /** The message under the field (SPEC §5's words); when set the field is marked invalid. */
  errorMessage?: string
}

/**
 * A date typed into day / month / year segments (en-NZ order, whatever the browser's language), e.g. a
 * date of birth, where a calendar popover would only slow people down. Value: a CalendarDate or null.
 */
export function DateField({
  label,
  description,
  errorMessage,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: DateFieldProps) {
  return (
    <I18nProvider locale="en-NZ">
      <RACDateField
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
                'disabled:text-slate-500',
              )}
            />
          )}
        </DateInput>
        {description ? <Description>{description}</Description> : null}
        {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
      </RACDateField>
    </I18nProvider>
  )
}
