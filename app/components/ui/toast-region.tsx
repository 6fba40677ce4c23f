import { CircleAlert, CircleCheck, Info, X } from 'lucide-react'
import { useEffect } from 'react'
import {
  Button,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastRegion as RACToastRegion,
  Text,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
} from 'react-aria-components'
import { buttonStyles } from './button'
import { connectToastRegion, TIMEOUT_MS, type ToastMessage } from './toast'
import { tv } from './tv'
import { focusRing } from './utils'

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

/** One queue for the whole app. */
const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 })

/**
 * The toasts (`toast.tsx` loads this with the first one): nothing while none is queued, then a
 * "Notifications" landmark portalled to the body. Errors stay until dismissed; the others close after
 * six seconds.
 */
export default function ToastRegion() {
  useEffect(
    () =>
      connectToastRegion((toast) => {
        queue.add(toast, toast.tone === 'error' ? undefined : { timeout: TIMEOUT_MS })
      }),
    [],
  )
  return (
    <RACToastRegion
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
    </RACToastRegion>
  )
}
