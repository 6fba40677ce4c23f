import type { ComponentProps } from 'react'
import { Alert } from '~/components/ui/alert'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { Button } from '~/components/ui/button'

/**
 * A form whose screen keeps its own values and submits them itself (`onSubmit`, never a page load),
 * with the answer's message for the whole form above its fields when there is one. A press on its button
 * before the page's code has run is held and sent once it runs (`before-load.ts`).
 */
export function SubmitForm({
  onSubmit,
  problem,
  children,
  className = 'flex flex-col gap-4',
  ref,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & { onSubmit: () => unknown; problem?: string }) {
  const held = useHeldUntilLive<HTMLFormElement>('submit', ref)
  return (
    <form
      {...props}
      {...held.mark}
      ref={held.ref}
      className={className}
      onSubmit={(event) => {
        event.preventDefault()
        void onSubmit()
      }}
    >
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {children}
    </form>
  )
}

/** A dialog form's last row: the way out (Cancel unless said) and the submit, busy while it saves. */
export function DialogFormButtons(props: {
  submit: string
  cancel?: string
  pending: boolean
  onCancel: () => void
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="secondary" onPress={props.onCancel} isDisabled={props.pending}>
        {props.cancel ?? 'Cancel'}
      </Button>
      <Button type="submit" isPending={props.pending}>
        {props.submit}
      </Button>
    </div>
  )
}
