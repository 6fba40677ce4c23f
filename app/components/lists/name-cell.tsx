import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { MemberPhoto } from '~/components/member-photo'
import { linkStyles } from '~/components/ui/link'

/** The pages a list's name cell opens: a member's (on a tab) or a staff member's. */
type PersonLink =
  | { to: '/console/members/$id'; tab?: 'payments' | 'visits' }
  | { to: '/console/staff/$id'; tab?: undefined }

/**
 * A list's cell for a person (members, staff, payments, visits): their name as a link to their page,
 * a line under it (e-mail, gym) and what else the list says there; their photo before it where the
 * list shows one. `width` is how wide the name may be on a phone.
 */
export function NameCell(
  props: PersonLink & {
    person: { id: number; name: string }
    width: 'max-w-36' | 'max-w-40' | 'max-w-44'
    photo?: string | null
    subtitle: ReactNode
    children?: ReactNode
  },
) {
  const { person } = props
  const name = (
    <div className={`min-w-0 ${props.width} sm:max-w-none`}>
      <Link
        to={props.to}
        params={{ id: person.id }}
        search={props.tab ? { tab: props.tab } : undefined}
        className={linkStyles({ className: 'font-medium' })}
      >
        {person.name}
      </Link>
      <p className="truncate text-slate-600 text-xs">{props.subtitle}</p>
      {props.children}
    </div>
  )
  if (props.photo === undefined) return name
  return (
    <div className="flex min-w-0 items-center gap-3">
      <MemberPhoto url={props.photo} name={person.name} />
      {name}
    </div>
  )
}
