import type { LucideIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button, type ButtonProps } from './button'
import { FormDialog } from './modal'

/**
 * A button that opens a FormDialog (Add gym, Invite staff, Change roles): the form inside is handed
 * `close`, to call once it is done.
 */
export function FormDialogButton(props: {
  title: string
  label: string
  icon?: LucideIcon
  variant?: ButtonProps['variant']
  size?: ButtonProps['size']
  children: (close: () => void) => ReactNode
}) {
  const [open, setOpen] = useState(false)
  const Icon = props.icon
  return (
    <>
      <Button variant={props.variant} size={props.size} onPress={() => setOpen(true)}>
        {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
        {props.label}
      </Button>
      <FormDialog isOpen={open} onOpenChange={setOpen} title={props.title}>
        {props.children(() => setOpen(false))}
      </FormDialog>
    </>
  )
}
