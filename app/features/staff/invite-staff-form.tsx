import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { DialogFormButtons, SubmitForm } from '~/components/form/submit-form'
import { FormDialogButton } from '~/components/ui/form-dialog-button'
import { TextField } from '~/components/ui/text-field'
import { toast } from '~/components/ui/toast'
import { inviteStaffRequestSchema } from '~/contracts/staff'
import { orConnectionLost } from '~/features/join/connection-lost'
import { checkStaffEmail, inviteStaffMember } from './staff.functions'
import { type RolesValue, rolesRequest, StaffRolesFields } from './staff-roles-fields'

type Field = 'name' | 'email' | 'role' | 'gyms'

/** Invite staff (issue 17): their address, a name, their role; an e-mail takes them to set a password. */
export function InviteStaffButton(props: {
  organisationId: number
  gyms: Array<{ id: number; name: string }>
}) {
  return (
    <FormDialogButton title="Invite a staff member" icon={UserPlus} label="Invite staff">
      {(close) => <InviteStaffForm {...props} onDone={close} />}
    </FormDialogButton>
  )
}

function InviteStaffForm(props: {
  organisationId: number
  gyms: Array<{ id: number; name: string }>
  onDone: () => void
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const invite = useServerFn(inviteStaffMember)
  const check = useServerFn(checkStaffEmail)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [roles, setRoles] = useState<RolesValue>({ role: null, gyms: {} })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  // Said as soon as the address is typed, not only once the form is sent.
  async function checkEmail() {
    const parsed = inviteStaffRequestSchema.shape.email.safeParse(email)
    if (!parsed.success) return
    const result = await check({ data: { organisation_id: props.organisationId, email: parsed.data } }).catch(
      () => undefined,
    )
    if (result?.ok && result.data.message)
      setErrors((current) => ({ ...current, email: result.data.message ?? undefined }))
  }

  async function submit() {
    if (pending) return
    setProblem(undefined)
    const request = { inviting: true, name: name.trim() || undefined, email, ...rolesRequest(roles) }
    const parsed = inviteStaffRequestSchema.safeParse(request)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as Field] ??= issue.message
      return setErrors(found)
    }
    setPending(true)
    const result = await orConnectionLost(() =>
      invite({ data: { organisation_id: props.organisationId, staff: parsed.data } }),
    )
    setPending(false)
    if (!result.ok) {
      const found: Partial<Record<Field, string>> = {}
      for (const [field, messages] of Object.entries(result.errors))
        found[field.split('.')[0] as Field] = messages[0]
      setErrors(found)
      if (Object.keys(found).length === 0) setProblem(result.message)
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['staff'] })
    toast.success(result.data.message)
    props.onDone()
    await navigate({ to: '/console/staff/$id', params: { id: result.data.data.id } })
  }

  return (
    <SubmitForm aria-label="Invite a staff member" noValidate problem={problem} onSubmit={submit}>
      <TextField
        label="E-mail"
        type="email"
        value={email}
        onChange={(value) => {
          setEmail(value)
          if (errors.email) setErrors((current) => ({ ...current, email: undefined }))
        }}
        onBlur={() => void checkEmail()}
        errorMessage={errors.email}
        maxLength={254}
        isRequired
        autoFocus
      />
      <TextField
        label="Name"
        description="Optional: until it is set, they are called by their e-mail address."
        value={name}
        onChange={(value) => {
          setName(value)
          if (errors.name) setErrors((current) => ({ ...current, name: undefined }))
        }}
        errorMessage={errors.name}
        maxLength={120}
      />
      <StaffRolesFields
        gyms={props.gyms}
        value={roles}
        onChange={(value) => {
          setRoles(value)
          setErrors((current) => ({ ...current, role: undefined, gyms: undefined }))
        }}
        errors={{ role: errors.role, gyms: errors.gyms }}
      />
      <p className="text-slate-700 text-sm">
        We’ll e-mail them a link to set their password. It works for 7 days.
      </p>
      <DialogFormButtons submit="Send invitation" pending={pending} onCancel={props.onDone} />
    </SubmitForm>
  )
}
