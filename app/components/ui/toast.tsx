import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import {
  Button,
  UNSTABLE_Toast as RACToast,
  Text,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components'
import { tv } from 'tailwind-variants'
import { buttonStyles } from './button'
import { focusRing } from './utils'

export interface ToastMessage {
  tone: 'success' | 'error' | 'info'
  message: string
}

/** How long a success or info toast stays; RAC pauses it while the region is hovered or focused. */
const TIMEOUT_MS = 6000

/** One queue for the whole app; `<Toaster />` shows it. */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 })

/**
 * Show a result: `toast.success('Offering saved')`, `toast.error(error.message)`. Errors stay until
 * dismissed (nobody should miss one, and WCAG 2.2.1 asks for no time limit on reading it); the others
 * close after six seconds. Each returns the toast's key for `toast.dismiss(key)`.
 */
export const toast = {
  success: (message: string) => queue.add({ tone: 'success', message }, { timeout: TIMEOUT_MS }),
  info: (message: string) => queue.add({ tone: 'info', message }, { timeout: TIMEOUT_MS }),
  error: (message: string) => queue.add({ tone: 'error', message }),
  dismiss: (key: string) => queue.close(key),
}

const toastStyles = tv({
  slots: {
    root: [
      'pointer-events-auto flex w-full items-start gap-3 rounded-lg border border-slate-200 bg-white p-4',
      'text-slate-900 text-sm shadow-lg sm:w-96',
      focusRing(),
    ],
    icon: 'mt-px size-5 shrink-0',
  },
  variants: {
    tone: {
      success: { icon: 'text-green-700' },
      error: { root: 'border-red-200', icon: 'text-red-700' },
      info: { icon: 'text-accent-700' },
    },
  },
})

const icons = { success: CircleCheck, error: CircleAlert, info: Info }

/**
 * The toast region. Mount it once, in the root document's body: it renders nothing until a toast is
 * queued, then portals a "Notifications" landmark (F6 reaches it from the keyboard) to the body.
 */
export function Toaster() {
  return (
    <ToastRegion
      queue={queue}
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col-reverse items-center gap-2 outline-0 sm:right-4 sm:left-auto sm:items-end"
    >
      {({ toast: queued }) => {
        const styles = toastStyles({ tone: queued.content.tone })
        const Icon = icons[queued.content.tone]
        return (
          <RACToast toast={queued} className={styles.root()}>
            <Icon aria-hidden="true" className={styles.icon()} />
            <ToastContent className="flex min-w-0 flex-1 flex-col">
              {/* The message names the toast; an error says so in words, not only in red. */}
              <Text slot="title" className="break-words">
                {queued.content.tone === 'error' ? <span className="sr-only">Error: </span> : null}
                {queued.content.message}
              </Text>
            </ToastContent>
            <Button
              slot="close"
              aria-label="Dismiss"
              className={buttonStyles({
                variant: 'quiet',
                size: 'sm',
                isIconOnly: true,
                className: '-my-1.5 -mr-1.5 text-slate-600',
              })}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </RACToast>
        )
      }}
    </ToastRegion>
  )
}
