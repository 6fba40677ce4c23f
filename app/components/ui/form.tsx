import type { Ref } from 'react'
import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components'
import { twMerge } from './tv'

export interface FormProps extends RACFormProps {
  ref?: Ref<HTMLFormElement>
}

/**
 * A RAC Form stacking its fields. `validationBehavior` defaults to "aria": TanStack Form validates and
 * says SPEC §5's words, so the browser's constraint bubbles must not fire first.
 */
export function Form({ className, validationBehavior = 'aria', ...props }: FormProps) {
  return (
    <RACForm
      {...props}
      validationBehavior={validationBehavior}
      className={twMerge('flex flex-col gap-6', className)}
    />
  )
}
