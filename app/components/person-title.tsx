import type { ReactNode } from 'react'
import { MemberPhoto } from '~/components/member-photo'

/** A person's page title (a member's, a staff member's): their photo, their name, and a line about them. */
export function PersonTitle(props: {
  person: { name: string; profile_picture: string | null }
  children: ReactNode
}) {
  return (
    <span className="flex items-center gap-4">
      <MemberPhoto url={props.person.profile_picture} name={props.person.name} size="lg" />
      <span className="min-w-0">
        <span className="block truncate">{props.person.name}</span>
        <span className="mt-1 flex flex-wrap items-center gap-2 font-normal text-base">{props.children}</span>
      </span>
    </span>
  )
}
