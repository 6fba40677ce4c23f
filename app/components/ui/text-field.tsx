import { type ReactNode, type Ref, useRef } from 'react'
import { mergeRefs } from 'react-aria/mergeRefs'
import { TextField as RACTextField, type TextFieldProps as RACTextFieldProps } from 'react-aria-components'
import { useTextTypedBeforeLoad } from './before-load'
import { Description, FieldError, FieldGroup, Input, Label } from './field'
import { composeTailwindRenderProps } from './utils'

export interface TextFieldProps extends Omit<RACTextFieldProps, 'children'> {
  label: string
  description?: string
  /** The message under the field (SPEC §5's words); when set the field is marked invalid. */
  errorMessage?: string
  placeholder?: string
  /** Controls inside the field's border after the input, e.g. the password field's show/hide toggle. */
  endAdornment?: ReactNode
  /** The input element, so a form can scroll to and focus its first invalid field. */
  ref?: Ref<HTMLInputElement>
}

/**
 * Label above, input, help text under it, the error under that (UI.md, Forms). Validation is the
 * caller's: `validationBehavior` defaults to "aria", so the browser's own bubbles never appear and
 * `isRequired` only marks the field as required for assistive technology. Text typed before the page's
 * code ran is handed to `onChange` once it runs (`before-load.ts`).
 */
export function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  endAdornment,
  ref,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: TextFieldProps) {
  const invalid = isInvalid ?? errorMessage !== undefined
  const own = useRef<HTMLInputElement>(null)
  useTextTypedBeforeLoad(own, (typed) => {
    if (typed !== props.value) props.onChange?.(typed)
  })
  const inputRef = mergeRefs(own, ref)
  return (
    <RACTextField
      {...props}
      isInvalid={invalid}
      validationBehavior={validationBehavior}
      className={composeTailwindRenderProps(className, 'flex flex-col gap-1.5')}
    >
      <Label>{label}</Label>
      {endAdornment ? (
        <FieldGroup isInvalid={invalid} isDisabled={props.isDisabled}>
          <Input ref={inputRef} placeholder={placeholder} isEmbedded />
          {endAdornment}
        </FieldGroup>
      ) : (
        <Input ref={inputRef} placeholder={placeholder} />
      )}
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
    </RACTextField>
  )
}
