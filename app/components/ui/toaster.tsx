import { lazy, Suspense, useEffect, useState } from 'react'
import { onToastWaiting } from './toast'

const ToastRegion = lazy(() => import('./toast-region'))

/**
 * The toast region. Mount it once, in the root document's body. Its code loads with the first toast
 * (`toast.*` in ./toast.ts only queues); from then on it stays mounted and portals a "Notifications"
 * landmark (F6 reaches it from the keyboard) to the body while toasts are queued.
 */
export function Toaster() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => onToastWaiting(() => setWanted(true)), [])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  )
}
