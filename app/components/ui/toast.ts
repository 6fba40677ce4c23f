export interface ToastMessage {
  tone: 'success' | 'error' | 'info'
  message: string
}

/** How long a success or info toast stays; RAC pauses it while the region is hovered or focused. */
export const TIMEOUT_MS = 6000

/**
 * Toasts asked for before the region's code has loaded. The region (RAC's toast queue and its view,
 * `toast-region.tsx`) loads with the first toast: most join pages never show one, and the join pages'
 * script budget has no room for it (ADR 024).
 */
const waiting: ToastMessage[] = []
let deliver: ((toast: ToastMessage) => void) | null = null
let wake: (() => void) | null = null

function show(toast: ToastMessage) {
  if (deliver) return deliver(toast)
  waiting.push(toast)
  wake?.()
}

/**
 * Show a result: `toast.success('Offering saved')`, `toast.error(error.message)`. Errors stay until
 * dismissed (nobody should miss one, and WCAG 2.2.1 asks for no time limit on reading it); the others
 * close after six seconds.
 */
export const toast = {
  success: (message: string) => show({ tone: 'success', message }),
  info: (message: string) => show({ tone: 'info', message }),
  error: (message: string) => show({ tone: 'error', message }),
}

/**
 * The toaster (./toaster.tsx) calls this as it mounts: `wake` runs now if a toast waits, and at every
 * later toast until the region has loaded. Returns the way to stop.
 */
export function onToastWaiting(wakeUp: () => void): () => void {
  if (waiting.length > 0) wakeUp()
  wake = wakeUp
  return () => {
    if (wake === wakeUp) wake = null
  }
}

/** The region calls this once loaded: it takes the waiting toasts and every later one. */
export function connectToastRegion(add: (toast: ToastMessage) => void): () => void {
  deliver = add
  for (const toast of waiting.splice(0)) add(toast)
  return () => {
    if (deliver === add) deliver = null
  }
}
