import { Badge } from '~/components/ui/badge'
import { type StaffMember, staffRoleLabels } from '~/contracts/staff'

/** Where someone stands: deactivated, invited and not yet signed up, or active. */
export function StaffStatusBadge(props: { staff: StaffMember }) {
  if (props.staff.deleted_at) return <Badge tone="red">Deactivated</Badge>
  if (props.staff.pending_invite > 0) return <Badge tone="amber">Invited</Badge>
  return <Badge tone="green">Active</Badge>
}

/** Their roles in words: "Organisation admin", or each gym with Admin / Personal Trainer (SPEC §6). */
export function StaffRoles(props: { staff: StaffMember }) {
  const { staff } = props
  if (staff.role === 'admin') {
    return (
      <div className="flex flex-col items-start gap-1">
        <Badge tone="accent">Organisation admin</Badge>
        {staff.gyms.length > 0 ? <GymRoleList staff={staff} /> : null}
      </div>
    )
  }
  if (staff.role === 'personal_trainer') return <span>Personal Trainer at every gym</span>
  return <GymRoleList staff={staff} />
}

function GymRoleList(props: { staff: StaffMember }) {
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {props.staff.gyms.map((gym) => (
        <li key={gym.id}>
          <span className="text-slate-900">{gym.name}</span>
          <span className="text-slate-600"> · {staffRoleLabels[gym.role]}</span>
        </li>
      ))}
    </ul>
  )
}
