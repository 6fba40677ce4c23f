import { useRef } from 'react'
import { Form as KitForm, type FormProps as KitFormProps } from '~/components/ui/form'

export type ScriptedFormProps = Omit<KitFormProps, 'onSubmit' | 'ref' | 'action'> & {
  /** The submit, with the `<form>` element (its fields, to focus the first in error). */
  onSubmit: (form: HTMLFormElement | null) => void
}

/**
 * The `<form>` element of both form kinds (`form-hook.tsx`, `light-form.tsx`): the page's code submits
 * it, never the browser. React renders a function action as a `javascript:` URL that refuses to submit,
 * so a press on the button before the page's code has run goes nowhere: without it the browser would
 * send the form itself, as a GET with every field (a password too) in the address. The submit handler
 * prevents the default, so the action itself never runs; a press made before the code ran is sent once
 * it runs (the kit's `Form`, `before-load.ts`), after the fields' own effects have taken over what was typed
 * meanwhile.
 */
export function ScriptedForm({ onSubmit, ...props }: ScriptedFormProps) {
  const ref = useRef<HTMLFormElement>(null)
  return (
    <KitForm
      {...props}
      ref={ref}
      action={noNativeSubmit}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        onSubmit(ref.current)
      }}
    />
  )
}

function noNativeSubmit() {}
