import type { CalendarDate } from '@internationalized/date'
import {
  I18nProvider,
  DateField as RACDateField,
  type DateFieldProps as RACDateFieldProps,
} from 'react-aria-components'
import { Description, FieldError, Label } from './field'
import { SegmentedInput } from './segmented-input'
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
        <SegmentedInput />
        {description ? <Description>{description}</Description> : null}
        {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
      </RACDateField>
    </I18nProvider>
  )
}
