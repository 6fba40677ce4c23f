import {
  Group,
  Input as RACInput,
  NumberField as RACNumberField,
  type NumberFieldProps as RACNumberFieldProps,
} from 'react-aria-components'
import { twMerge } from 'tailwind-variants'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
import { composeTailwindRenderProps } from './utils'

export interface NumberFieldProps extends Omit<RACNumberFieldProps, 'children'> {
  label: string
  description?: string
  /** The message under the field (SPEC §5's words); when set the field is marked invalid. */
  errorMessage?: string
  placeholder?: string
}

/**
 * A number typed in the locale's format (`$1,250.00` for money with a currency `formatOptions`), with
 * RAC's parsing, arrow-key steps and a decimal keypad on phones. Value: a number, or NaN while empty.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: NumberFieldProps) {
  return (
    <RACNumberField
      {...props}
      isInvalid={isInvalid ?? errorMessage !== undefined}
      validationBehavior={validationBehavior}
      className={composeTailwindRenderProps(className, 'flex flex-col gap-1.5')}
    >
      <Label>{label}</Label>
      <Group
        className={(renderProps) =>
          twMerge(
            'flex h-10 items-center rounded-md bg-white',
            'outline-0 outline-offset-2 outline-accent-600 focus-within:outline-2 forced-colors:outline-[Highlight]',
            fieldBorderStyles({
              isFocusWithin: renderProps.isFocusWithin,
              isInvalid: renderProps.isInvalid,
              isDisabled: renderProps.isDisabled,
            }),
          )
        }
      >
        <RACInput
          placeholder={placeholder}
          className="h-full w-full min-w-0 bg-transparent px-3 text-base text-slate-900 tabular-nums outline-0 placeholder:text-slate-500"
        />
      </Group>
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
    </RACNumberField>
  )
}
