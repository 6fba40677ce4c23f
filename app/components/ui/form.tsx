import type { Ref } from 'react'
import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components'
import { useHeldUntilLive } from './before-load'
import { twMerge } from './tv'

export interface FormProps extends RACFormProps {
  ref?: Ref<HTMLFormElement>
}

/**
 * A RAC Form stacking its fields. `validationBehavior` defaults to "aria": TanStack Form validates and
 * says SPEC §5's words, so the browser's constraint bubbles must not fire first. A press on its submit
 * button before the page's code has run is held and sent once it runs (`before-load.ts`).
 */
export function Form({ className, validationBehavior = 'aria', ref, ...props }: FormProps) {
  // A press on its button before the page's code ran is held and sent once it runs (ADR 058).
  const held = useHeldUntilLive<HTMLFormElement>('submit', ref)
  return (
    <RACForm
      {...props}
      {...held.mark}
      ref={held.ref}
      validationBehavior={validationBehavior}
      className={twMerge('flex flex-col gap-6', className)}
    />
  )
}
