import { useServerFn } from '@tanstack/react-start'
import { resumeEffect, theMember } from '~/contracts/membership-action-words'
import { resumeMembership } from '../membership.functions'
import { ActionConfirmDialog, type ActionDialogProps } from './action-dialog'

/** End a pause that has begun (the member is back today), or withdraw one still ahead. */
export function ResumeDialog(props: ActionDialogProps & { started: boolean }) {
  const { member, membership, started } = props
  const resume = useServerFn(resumeMembership)
  return (
    <ActionConfirmDialog
      {...props}
      title={started ? 'End the pause today?' : 'Withdraw the planned pause?'}
      confirmLabel={started ? 'End pause' : 'Withdraw pause'}
      send={() => resume({ data: { id: membership.id, version: membership.version } })}
      said={started ? `${member.name} is back: their membership runs from today` : 'The pause is withdrawn'}
    >
      {resumeEffect(theMember(member.name), started)}
    </ActionConfirmDialog>
  )
}
