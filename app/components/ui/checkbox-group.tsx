import type { ReactNode } from 'react'
import {
  CheckboxGroup as RACCheckboxGroup,
  type CheckboxGroupProps as RACCheckboxGroupProps,
} from 'react-aria-components'
import { Description, FieldError, Label } from './field'
import { composeTailwindRenderProps } from './utils'

export interface CheckboxGroupProps extends Omit<RACCheckboxGroupProps, 'children'> {
  label: string
  description?: string
  errorMessage?: string
  children: ReactNode
}

/** Several on/off choices under one label (an offering's gyms, the enabled price frequencies). */
export function CheckboxGroup({
  label,
  description,
  errorMessage,
  isInvalid,
  className,
  children,
  ...props
}: CheckboxGroupProps) {
  return (
    <RACCheckboxGroup
      {...props}
      isInvalid={isInvalid ?? errorMessage !== undefined}
      validationBehavior="aria"
      className={composeTailwindRenderProps(className, 'flex flex-col gap-2')}
    >
      <Label>{label}</Label>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{children}</div>
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
    </RACCheckboxGroup>
  )
}
