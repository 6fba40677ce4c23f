import { CircleAlert } from 'lucide-react'
import { Select, SelectItem } from '~/components/ui/select'
import type { StaffRole } from '~/contracts/enums'
import { perGymRole, type StaffMemberRole } from '~/contracts/staff'

/** What the role fields hold while someone edits them: the role, and the role picked at each gym. */
export interface RolesValue {
  role: StaffMemberRole | null
  gyms: Record<number, StaffRole | 'none'>
}

const perGym = 'per_gym'
type RoleKey = 'admin' | 'personal_trainer' | typeof perGym

const toKey = (role: StaffMemberRole | null): RoleKey | null => (role === perGymRole ? perGym : role)

/** The roles as the API takes them: only the gyms given a role. */
export function rolesRequest(value: RolesValue) {
  return {
    role: value.role ?? undefined,
    gyms: Object.entries(value.gyms)
      .filter((entry): entry is [string, StaffRole] => entry[1] !== 'none')
      .map(([id, role]) => ({ id: Number(id), role })),
  }
}

/**
 * The role of SPEC §6: an organisation admin (every gym), a trainer at every gym, or a role chosen per
 * gym — Admin, Personal Trainer or none at each.
 */
export function StaffRolesFields(props: {
  gyms: Array<{ id: number; name: string }>
  value: RolesValue
  onChange: (value: RolesValue) => void
  errors: { role?: string | undefined; gyms?: string | undefined }
}) {
  const { value, gyms } = props
  return (
    <div className="flex flex-col gap-4">
      <Select
        label="Role"
        placeholder="Choose a role"
        value={toKey(value.role)}
        errorMessage={props.errors.role}
        onChange={(key) =>
          props.onChange({
            ...value,
            role: key === perGym ? perGymRole : key === 'admin' ? 'admin' : 'personal_trainer',
          })
        }
      >
        <SelectItem id="admin">Organisation admin: every gym and the Organisation menu</SelectItem>
        <SelectItem id="personal_trainer">Personal Trainer at every gym</SelectItem>
        <SelectItem id={perGym}>A role at each gym</SelectItem>
      </Select>
      {value.role === perGymRole ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 font-medium text-slate-900 text-sm">Role at each gym</legend>
          {gyms.map((gym) => (
            <Select
              key={gym.id}
              label={gym.name}
              value={value.gyms[gym.id] ?? 'none'}
              onChange={(key) =>
                props.onChange({
                  ...value,
                  gyms: {
                    ...value.gyms,
                    [gym.id]: key === 'admin' || key === 'personal_trainer' ? key : 'none',
                  },
                })
              }
            >
              <SelectItem id="none">No role</SelectItem>
              <SelectItem id="admin">Admin</SelectItem>
              <SelectItem id="personal_trainer">Personal Trainer</SelectItem>
            </Select>
          ))}
          {props.errors.gyms ? (
            // Outside any one field, so said here rather than by a field's own error slot.
            <p className="flex items-start gap-1.5 text-red-700 text-sm">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{props.errors.gyms}</span>
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  )
}
