import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeft, CalendarPlus, DoorOpen, Mail, ShieldCheck } from 'lucide-react'
import { Fact } from '~/components/fact'
import { Page } from '~/components/page'
import { PersonTitle } from '~/components/person-title'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { describeStaffRole } from '~/contracts/staff'
import { StaffDoorAccessSwitch } from '~/features/doors/staff-door-access'
import { formatDate } from '~/lib/dates'
import { staffQueries } from './queries'
import { StaffActions } from './staff-actions'
import { StaffRoles, StaffStatusBadge } from './staff-words'

/** staff.show (issue 17): one staff member — their roles, invitation and door access — and what to do. */
export function StaffMemberPage(props: { id: number; gyms: Array<{ id: number; name: string }> }) {
  const { data: staff } = useSuspenseQuery(staffQueries.member(props.id))
  const invitations = staff.pending_invite
  return (
    <Page
      title={
        <PersonTitle person={staff}>
          <StaffStatusBadge staff={staff} />
          <span className="text-slate-700 text-sm">{describeStaffRole(staff.role)}</span>
        </PersonTitle>
      }
      actions={<StaffActions staff={staff} gyms={props.gyms} />}
    >
      <div className="flex flex-col gap-4">
        <Link
          to="/console/staff"
          className={linkStyles({ className: 'inline-flex items-center gap-1 text-sm' })}
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All staff
        </Link>
        <div className="grid gap-4 md:grid-cols-2">
          <Card>
            <h2 className="font-semibold text-slate-900">Details</h2>
            <dl className="mt-3 flex flex-col gap-3">
              <Fact wrap label="E-mail" icon={Mail}>
                {staff.email}
              </Fact>
              <Fact wrap label="Added" icon={CalendarPlus}>
                {formatDate(staff.created_at)}
                {staff.deleted_at ? ` · deactivated ${formatDate(staff.deleted_at)}` : ''}
              </Fact>
              <Fact wrap label="Invitation" icon={Mail}>
                {staff.deleted_at
                  ? 'None: deactivated staff can’t sign in'
                  : invitations > 0
                    ? `Sent ${invitations === 1 ? 'once' : `${invitations} times`}, not taken up yet`
                    : 'Accepted: they sign in with their own password'}
              </Fact>
              <Fact wrap label="Visits" icon={DoorOpen}>
                {staff.visits_count.toLocaleString('en-NZ')} {staff.visits_count === 1 ? 'visit' : 'visits'}
                {staff.deleted_at ? ` · door access ${staff.access_enabled ? 'on' : 'off'}` : ''}
              </Fact>
            </dl>
            {staff.deleted_at ? null : (
              <div className="mt-4 border-slate-200 border-t pt-4">
                <StaffDoorAccessSwitch staffId={staff.id} enabled={staff.access_enabled} />
              </div>
            )}
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <ShieldCheck aria-hidden="true" className="size-5 text-slate-500" />
              Roles
            </h2>
            <div className="mt-3">
              <StaffRoles staff={staff} />
            </div>
            <p className="mt-3 text-slate-600 text-sm">
              {staff.role === 'admin'
                ? 'Organisation admins run every gym and the Organisation menu: staff, gyms and settings.'
                : 'Admins run their gym’s payments and offerings; Personal Trainers see its members and visits.'}
            </p>
          </Card>
        </div>
      </div>
    </Page>
  )
}
