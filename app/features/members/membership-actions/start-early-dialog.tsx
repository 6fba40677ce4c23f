import { useQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { CalendarClock } from 'lucide-react'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { fetchStartEarlyData, startMembershipEarly } from '../membership.functions'
import { ActionConfirmDialog, type ActionDialogProps } from './action-dialog'

/** Start an upcoming membership today: what the days until its start cost, asked when the dialog opens. */
export function StartEarlyDialog(props: ActionDialogProps) {
  const { member, membership } = props
  const start = useServerFn(startMembershipEarly)
  const quote = useQuery({
    queryKey: ['members', 'member', member.id, 'start-early', membership.id, membership.version],
    queryFn: () => fetchStartEarlyData({ data: { id: membership.id } }),
    enabled: props.isOpen,
  })
  return (
    <ActionConfirmDialog
      {...props}
      title="Start the membership today?"
      confirmLabel="Start today"
      isPreparing={quote.isPending}
      send={() => start({ data: { id: membership.id, version: membership.version } })}
      said={`${member.name}’s membership has started`}
    >
      {quote.data ? (
        <>
          <p>
            It was to start on {formatDate(quote.data.original_start_date)}. Starting today, {member.name}{' '}
            gets in at once and pays {formatCents(quote.data.pro_rata_amount)} for the days until then.
          </p>
          <ul className="mt-2 list-disc pl-5">
            {quote.data.explanation.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : quote.isError ? (
        <p>{quote.error.message}</p>
      ) : (
        <p className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-4" /> Working out what starting today costs…
        </p>
      )}
    </ActionConfirmDialog>
  )
}
