import { useRouterState } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

/**
 * The thin bar at the top of the window while a navigation loads (UI.md, Feedback). It appears after
 * a short delay, so quick moves between cached screens do not flash. Decorative: the screens say
 * "Loading…" themselves.
 */
export function NavigationProgress() {
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    if (!loading) {
      setVisible(false)
      return
    }
    const timer = setTimeout(() => setVisible(true), 120)
    return () => clearTimeout(timer)
  }, [loading])
  if (!visible) return null
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent-100">
      <div className="h-full w-1/3 animate-[navigation-progress_1.2s_ease-in-out_infinite] bg-accent-600 motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  )
}
