import { lazy, Suspense, useEffect, useState } from 'react'
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components'

export interface ToastMessage {
  tone: 'success' | 'error' | 'info'
  message: string
}

/** How long a success or info toast stays; RAC pauses it while the region is hovered or focused. */
const TIMEOUT_MS = 6000

/** One queue for the whole app; `<Toaster />` shows it. */
export const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 3 })

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

const ToastRegion = lazy(() => import('./toast-region'))

/**
 * The toast region. Mount it once, in the root document's body. Its code loads with the first toast
 * (most join pages never show one, and the join pages' script budget has no room for it, ADR 024); from
 * then on it stays mounted and portals a "Notifications" landmark (F6 reaches it from the keyboard) to
 * the body while toasts are queued.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    if (queue.visibleToasts.length > 0) setWanted(true)
    return queue.subscribe(() => {
      if (queue.visibleToasts.length > 0) setWanted(true)
    })
  }, [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastRegion queue={queue} />
    </Suspense>
  )
}
