import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useServerFn } from '@tanstack/react-start'
import { Mail, ShieldCheck, UserX } from 'lucide-react'
import { useState } from 'react'
import { DialogFormButtons, SubmitForm } from '~/components/form/submit-form'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { FormDialogButton } from '~/components/ui/form-dialog-button'
import { ConfirmDialog } from '~/components/ui/modal'
import { toast } from '~/components/ui/toast'
import { type StaffMember, updateStaffRolesRequestSchema } from '~/contracts/staff'
import { orConnectionLost } from '~/features/join/connection-lost'
import { staffQueries } from './queries'
import { deactivateStaffMember, resendStaffInvitation, saveStaffRoles } from './staff.functions'
import { type RolesValue, rolesRequest, StaffRolesFields } from './staff-roles-fields'

/**
 * What an organisation admin does on a staff member's page (issue 17): change their roles, send the
 * invitation again while it is pending, and deactivate them — confirmed in a dialog that says they will
 * be signed out everywhere.
 */
export function StaffActions(props: { staff: StaffMember; gyms: Array<{ id: number; name: string }> }) {
  const { staff } = props
  if (staff.deleted_at) return null
  return (
    <>
      <ChangeRolesButton staff={staff} gyms={props.gyms} />
      {staff.pending_invite > 0 ? <ResendInvitationButton staff={staff} /> : null}
      <DeactivateButton staff={staff} />
    </>
  )
}

function ChangeRolesButton(props: { staff: StaffMember; gyms: Array<{ id: number; name: string }> }) {
  return (
    <FormDialogButton
      title={`${props.staff.name}’s roles`}
      icon={ShieldCheck}
      label="Change roles"
      variant="secondary"
    >
      {(close) => <ChangeRolesForm {...props} onDone={close} />}
    </FormDialogButton>
  )
}

function ChangeRolesForm(props: {
  staff: StaffMember
  gyms: Array<{ id: number; name: string }>
  onDone: () => void
}) {
  const { staff } = props
  const queryClient = useQueryClient()
  const save = useServerFn(saveStaffRoles)
  // A trainer at every gym starts, if switched to roles per gym, from the trainer role at each.
  const [roles, setRoles] = useState<RolesValue>({
    role: staff.role,
    gyms: Object.fromEntries(staff.gyms.map((gym) => [gym.id, gym.role])),
  })
  const [errors, setErrors] = useState<{ role?: string; gyms?: string }>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  async function submit() {
    if (pending) return
    setProblem(undefined)
    const parsed = updateStaffRolesRequestSchema.safeParse(rolesRequest(roles))
    if (!parsed.success) {
      const found: { role?: string; gyms?: string } = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'gyms' ? 'gyms' : 'role'
        found[field] ??= issue.message
      }
      return setErrors(found)
    }
    setPending(true)
    const result = await orConnectionLost(() => save({ data: { id: staff.id, roles: parsed.data } }))
    setPending(false)
    if (!result.ok) {
      const role = result.errors.role?.[0]
      const gyms = Object.entries(result.errors).find(([field]) => field.startsWith('gyms'))?.[1][0]
      setErrors({ role, gyms })
      if (!role && !gyms) setProblem(result.message)
      return
    }
    // The answer is the staff member as their page shows them; the list reads again.
    queryClient.setQueryData(staffQueries.member(staff.id).queryKey, result.data.data)
    void queryClient.invalidateQueries({ queryKey: ['staff', 'list'] })
    toast.success(result.data.message)
    props.onDone()
  }

  return (
    <SubmitForm aria-label="Roles" problem={problem} onSubmit={submit}>
      <StaffRolesFields
        gyms={props.gyms}
        value={roles}
        onChange={(value) => {
          setRoles(value)
          setErrors({})
        }}
        errors={errors}
      />
      <p className="text-slate-700 text-sm">
        They get the new roles within moments, as they move between screens; no need to sign out.
      </p>
      <DialogFormButtons submit="Save roles" pending={pending} onCancel={props.onDone} />
    </SubmitForm>
  )
}

function ResendInvitationButton(props: { staff: StaffMember }) {
  const queryClient = useQueryClient()
  const resend = useServerFn(resendStaffInvitation)
  const [pending, setPending] = useState(false)
  const [refusal, setRefusal] = useState<string>()
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="secondary"
        isPending={pending}
        onPress={async () => {
          setPending(true)
          setRefusal(undefined)
          const result = await orConnectionLost(() => resend({ data: { id: props.staff.id } }))
          setPending(false)
          if (!result.ok) return setRefusal(result.message)
          // A new link: the member's invitation and the list's line about it.
          await queryClient.invalidateQueries({ queryKey: staffQueries.member(props.staff.id).queryKey })
          void queryClient.invalidateQueries({ queryKey: ['staff', 'list'] })
          toast.success(result.data.message)
        }}
      >
        <Mail aria-hidden="true" className="size-4" />
        Resend invitation
      </Button>
      {refusal ? (
        <div className="max-w-xs">
          <Alert tone="error">{refusal}</Alert>
        </div>
      ) : null}
    </div>
  )
}

function DeactivateButton(props: { staff: StaffMember }) {
  const { staff } = props
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const deactivate = useServerFn(deactivateStaffMember)
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  return (
    <>
      <Button variant="destructive" onPress={() => setOpen(true)}>
        <UserX aria-hidden="true" className="size-4" />
        Deactivate
      </Button>
      <ConfirmDialog
        isOpen={open}
        onOpenChange={(isOpen) => {
          setOpen(isOpen)
          if (!isOpen) setProblem(undefined)
        }}
        title={`Deactivate ${staff.name}?`}
        confirmLabel="Deactivate"
        destructive
        isPending={pending}
        onConfirm={async () => {
          setPending(true)
          const result = await orConnectionLost(() => deactivate({ data: { id: staff.id } }))
          setPending(false)
          if (!result.ok) return setProblem(result.message)
          setOpen(false)
          await queryClient.invalidateQueries({ queryKey: ['staff'] })
          toast.success(result.data.message)
          await navigate({ to: '/console/staff' })
        }}
      >
        <p>
          {staff.name} will be signed out everywhere at once and can no longer sign in
          {staff.pending_invite > 0 ? '; their invitation link stops working' : ''}. Their door access is
          switched off.
        </p>
        {problem ? (
          <div className="mt-3">
            <Alert tone="error">{problem}</Alert>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
