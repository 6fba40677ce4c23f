import type { ReactNode } from 'react'
import {
  Dialog,
  Heading,
  ModalOverlay,
  type ModalOverlayProps,
  Modal as RACModal,
} from 'react-aria-components'
import { Button } from './button'

/**
 * A centred dialog over a dimmed page. RAC traps focus inside, restores it on close, closes on Escape,
 * and hides the page from screen readers while open.
 */
export function Modal(props: ModalOverlayProps & { children: ReactNode }) {
  const { children, ...overlay } = props
  return (
    <ModalOverlay
      {...overlay}
      className="fixed inset-0 z-50 flex min-h-full items-center justify-center overflow-y-auto bg-slate-900/40 p-4"
    >
      <RACModal className="w-full max-w-lg rounded-lg bg-white shadow-xl outline-none">{children}</RACModal>
    </ModalOverlay>
  )
}

/**
 * Asks before something that cannot be taken back; the text names the consequence (UI.md: "destructive
 * ones confirmed in a dialog that names the consequence"). `role="alertdialog"` so it is announced.
 */
export function ConfirmDialog(props: {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  title: string
  children: ReactNode
  confirmLabel: string
  destructive?: boolean
  isPending?: boolean
  onConfirm: () => void
}) {
  return (
    <Modal isOpen={props.isOpen} onOpenChange={props.onOpenChange} isDismissable={!props.isPending}>
      <Dialog role="alertdialog" className="p-6 outline-none">
        {({ close }) => (
          <>
            <Heading slot="title" className="font-semibold text-lg text-slate-900">
              {props.title}
            </Heading>
            <div className="mt-2 text-slate-700 text-sm">{props.children}</div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onPress={close} isDisabled={props.isPending}>
                Cancel
              </Button>
              <Button
                variant={props.destructive ? 'destructive' : 'primary'}
                isPending={props.isPending}
                onPress={props.onConfirm}
                autoFocus
              >
                {props.confirmLabel}
              </Button>
            </div>
          </>
        )}
      </Dialog>
    </Modal>
  )
}

/** A dialog with a form or other content: a title and whatever the caller puts in it. */
export function FormDialog(props: {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  title: string
  children: ReactNode
}) {
  return (
    <Modal isOpen={props.isOpen} onOpenChange={props.onOpenChange} isDismissable>
      <Dialog className="p-6 outline-none">
        <Heading slot="title" className="font-semibold text-lg text-slate-900">
          {props.title}
        </Heading>
        <div className="mt-4">{props.children}</div>
      </Dialog>
    </Modal>
  )
}
