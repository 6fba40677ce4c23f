import { Ban, CirclePause, HandCoins, Play, Tags, Undo2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '~/components/ui/button'
import type { MemberDetail } from '~/contracts/members'
import { todayInAuckland } from '~/lib/today'
import { CancelDialog } from './membership-actions/cancel-dialog'
import { DeskPaymentDialog } from './membership-actions/desk-payment-dialog'
import { PauseDialog } from './membership-actions/pause-dialog'
import { PriceChangeDialog } from './membership-actions/price-change-dialog'
import { ResumeDialog } from './membership-actions/resume-dialog'
import { StartEarlyDialog } from './membership-actions/start-early-dialog'
import { UndoCancelDialog } from './membership-actions/undo-cancel-dialog'

type Action = 'pause' | 'resume' | 'cancel' | 'undo' | 'payment' | 'start' | 'price'

/**
 * The membership's actions on the member's page (issue 15): the buttons the membership allows, each
 * opening its dialog (`membership-actions/<action>-dialog.tsx`), which says what it will do to the
 * member's access and next charge before it is done and sets the page from the API's answer after.
 */
export function MembershipActions(props: {
  member: MemberDetail
  seesMoney: boolean
  organisationId: number
}) {
  const membership = props.member.membership
  const [open, setOpen] = useState<Action | null>(null)
  if (!membership) return null
  const states = props.member.states
  const cancelled = membership.cancelled_at !== null
  const paused = states.includes('paused')
  const pausedLater = states.includes('paused_in_future')
  const startsLater = membership.start_date > todayInAuckland() && membership.upcoming_state === 'upcoming'
  const actions: Array<{ id: Action; label: string; icon: typeof CirclePause; show: boolean }> = [
    { id: 'pause', label: 'Pause', icon: CirclePause, show: !cancelled && !paused && !pausedLater },
    {
      id: 'resume',
      label: paused ? 'End pause' : 'Withdraw pause',
      icon: Play,
      show: !cancelled && (paused || pausedLater),
    },
    { id: 'cancel', label: 'Cancel membership', icon: Ban, show: !cancelled },
    { id: 'undo', label: 'Undo cancellation', icon: Undo2, show: states.includes('cancellation_undoable') },
    { id: 'start', label: 'Start today', icon: Play, show: startsLater && !cancelled },
    { id: 'price', label: 'Change price', icon: Tags, show: props.seesMoney && !cancelled },
    { id: 'payment', label: 'Record payment', icon: HandCoins, show: props.seesMoney && !cancelled },
  ]
  const dialog = (id: Action) => ({
    member: props.member,
    membership,
    isOpen: open === id,
    onClose: () => setOpen(null),
  })
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {actions
          .filter((action) => action.show)
          .map(({ id, label, icon: Icon }) => (
            <Button key={id} variant="secondary" size="sm" onPress={() => setOpen(id)}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Button>
          ))}
      </div>
      {open === 'pause' ? <PauseDialog {...dialog('pause')} /> : null}
      {open === 'cancel' ? <CancelDialog {...dialog('cancel')} /> : null}
      {open === 'payment' ? <DeskPaymentDialog {...dialog('payment')} /> : null}
      {open === 'price' ? (
        <PriceChangeDialog {...dialog('price')} organisationId={props.organisationId} />
      ) : null}
      <UndoCancelDialog {...dialog('undo')} />
      <ResumeDialog {...dialog('resume')} started={paused} />
      <StartEarlyDialog {...dialog('start')} />
    </>
  )
}
