import { useServerFn } from '@tanstack/react-start'
import { theMember, undoCancelEffect } from '~/contracts/membership-action-words'
import { undoCancellation } from '../membership.functions'
import { ActionConfirmDialog, type ActionDialogProps } from './action-dialog'

/** Undo a cancellation while it can still be undone: the membership goes on as before. */
export function UndoCancelDialog(props: ActionDialogProps) {
  const { member, membership } = props
  const undo = useServerFn(undoCancellation)
  return (
    <ActionConfirmDialog
      {...props}
      title="Undo the cancellation?"
      confirmLabel="Undo cancellation"
      send={() => undo({ data: { id: membership.id, version: membership.version } })}
      said={`${member.name}’s membership goes on`}
    >
      {undoCancelEffect(theMember(member.name), membership.current_period_end)}
    </ActionConfirmDialog>
  )
}
