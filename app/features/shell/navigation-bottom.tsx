import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import { useState } from 'react'
import { accessOf, derivedRoles } from '~/access/areas'
import { Link } from '~/components/ui/link'
import { toast } from '~/components/ui/toast'
import { logout } from '~/features/auth/auth.functions'
import type { SessionUser } from '~/features/auth/contract'

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/**
 * SPEC §2.4's navigation bottom: the derived roles in a debug-style box, then the user's name, the
 * organisation's name and Logout (posts the logout, then goes to login).
 */
export function NavigationBottom(props: { user: SessionUser }) {
  const { user } = props
  const roles = derivedRoles(accessOf(user))
  const rows: Array<[string, boolean]> = [
    ['Organisation Admin', roles.isOrganisationAdmin],
    ...(roles.isGymAdmin
      ? ([
          ['Gym Admin', roles.isGymAdmin],
          ['Gym Admin of more than one gym', roles.isMultiGymAdmin],
        ] as Array<[string, boolean]>)
      : []),
    ['Org is multi-gym', roles.isOrganisationMultiGym],
  ]
  return (
    <div className="flex flex-col gap-3 border-slate-200 border-t px-3 py-4">
      <dl
        aria-label="Your roles"
        className="rounded-md border border-slate-300 border-dashed bg-slate-50 px-3 py-2 font-mono text-slate-700 text-xs"
      >
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-0.5">
            <dt>{label}</dt>
            <dd className="font-semibold">{yesNo(value)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-end justify-between gap-3 px-1">
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium text-slate-900">{user.name}</p>
          <p className="truncate text-slate-600">{user.current_organisation?.name}</p>
        </div>
        <LogoutLink />
      </div>
    </div>
  )
}

function LogoutLink() {
  const queryClient = useQueryClient()
  const router = useRouter()
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
    queryClient.clear()
    await router.navigate({ to: '/console/login' })
  }
  return (
    <Link
      variant="secondary"
      onPress={signOut}
      aria-disabled={pending || undefined}
      className="inline-flex shrink-0 items-center gap-1.5 text-sm"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Logout
    </Link>
  )
}
