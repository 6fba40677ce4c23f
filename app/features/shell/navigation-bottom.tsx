import { Check, LogOut, Minus } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import { Link } from '~/components/ui/link'
import { accessOf, derivedRoles, gymRolesOf, roleAt } from '~/contracts/areas'
import type { SessionUser } from '~/contracts/auth'
import { useSignOut } from '~/features/auth/use-sign-out'

const yesNo = (value: boolean) => (value ? 'yes' : 'no')

/**
 * SPEC §2.4's navigation bottom: the derived roles ("Your access", each a yes/no badge), then the
 * user's name, the organisation's name and Logout (posts the logout, then goes to login). "Gym Admin"
 * is the role at the current gym (ADR 032): someone who runs one gym and trains at another is no gym
 * admin while at the second.
 */
export function NavigationBottom(props: { user: SessionUser }) {
  const { user } = props
  const roles = derivedRoles(accessOf(user))
  const currentGym = user.gyms.find((gym) => gym.id === user.current_gym?.id)
  const roleHere = currentGym ? roleAt(gymRolesOf(user), currentGym.id) : null
  const rows: Array<[string, boolean]> = [
    ['Organisation Admin', roles.isOrganisationAdmin],
    ...(roles.isGymAdmin
      ? ([
          ['Gym Admin', roleHere === 'admin'],
          ['Gym Admin of more than one gym', roles.isMultiGymAdmin],
        ] as Array<[string, boolean]>)
      : []),
    ['Org is multi-gym', roles.isOrganisationMultiGym],
  ]
  return (
    <div className="flex flex-col gap-3 border-slate-200 border-t px-3 py-4">
      <section
        aria-labelledby="your-roles"
        className="rounded-lg border border-slate-200 bg-white px-3 py-2.5"
      >
        <h2 id="your-roles" className="font-medium text-slate-500 text-xs">
          Your access
          {currentGym && user.gyms.length > 1 ? (
            <span className="font-normal"> at {currentGym.name}</span>
          ) : null}
        </h2>
        <dl aria-label="Your roles" className="mt-1.5 flex flex-col gap-1.5 text-slate-700 text-xs">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between gap-3">
              <dt className="min-w-0">{label}</dt>
              <dd>
                <Badge tone={value ? 'green' : 'slate'}>
                  {value ? (
                    <Check aria-hidden="true" className="-ml-0.5 size-3" />
                  ) : (
                    <Minus aria-hidden="true" className="-ml-0.5 size-3" />
                  )}
                  {yesNo(value)}
                </Badge>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="flex items-end justify-between gap-3 px-1">
        <div className="min-w-0 text-sm">
          <p className="break-words font-medium text-slate-900">{user.name}</p>
          <p className="break-words text-slate-600">{user.current_organisation?.name}</p>
        </div>
        <LogoutLink />
      </div>
    </div>
  )
}

function LogoutLink() {
  const { signOut, pending } = useSignOut('/console/login')
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
