import { useNavigate, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { toast } from '~/components/ui/toast'
import { logout } from './auth.functions'
import { useSessionStore } from './session'

/**
 * Signing out, wherever it is offered (the console's Logout, the join header's Sign out, a code
 * screen's "Use another account"): posts the logout, forgets everything cached for this person, then
 * goes to `to`. A second press while the first is on its way does nothing.
 */
export function useSignOut(to: '/console/login' | '/join/login' | '/join') {
  const router = useRouter()
  const sessionStore = useSessionStore()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)
  async function signOut() {
    if (pending) return
    setPending(true)
    const result = await logout()
    if (!result.ok) {
      setPending(false)
      toast.error(result.message)
      return
    }
    // Everything cached for this person goes (the console's query cache, the router's reads); the
    // session itself is asked again, so what shows it (the join site's header) turns to a guest's at
    // once rather than after the next navigation.
    router.options.context.queryClient?.clear()
    router.clearCache()
    sessionStore.reset()
    await navigate({ to })
  }
  return { signOut, pending }
}
