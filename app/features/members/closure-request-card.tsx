import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { fetchClosureRequest, handleClosureRequest } from './closure-request.functions'

export const closureRequestQuery = (id: number) =>
  queryOptions({
    queryKey: ['members', 'member', id, 'closure-request'],
    queryFn: () => fetchClosureRequest({ data: { id } }),
  })

/**
 * The member asked on their account for it to be closed (issue 28): when, why if they said, what they
 * owed then and owe now (for those who see the member's money), and marking it handled.
 */
export function ClosureRequestCard(props: { memberId: number; canManage: boolean }) {
  const { data: request } = useQuery(closureRequestQuery(props.memberId))
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  if (!request) return null
  async function handle() {
    if (pending) return
    setPending(true)
    const result = await handleClosureRequest({ data: { id: props.memberId } })
    setPending(false)
    if (!result.ok) {
      toast.error(result.message)
      return
    }
    toast.success('The request to close the account is marked as handled.')
    await queryClient.invalidateQueries({ queryKey: ['members', 'member', props.memberId] })
  }
  const owing =
    request.owing_now === null
      ? null
      : request.owing_now > 0
        ? `Owes ${formatCents(request.owing_now)} now (${formatCents(request.owing_when_requested ?? 0)} when they asked).`
        : `Owes nothing now${request.owing_when_requested ? ` (${formatCents(request.owing_when_requested)} when they asked)` : ''}.`
  return (
    <Alert
      tone="info"
      title={`Asked on ${formatDate(request.requested_at)} for their account to be closed`}
      className="mb-4"
    >
      <div className="flex flex-col gap-2">
        <p>{request.reason ? `Their reason: “${request.reason}”.` : 'They gave no reason.'}</p>
        {owing ? <p>{owing}</p> : null}
        {props.canManage ? (
          <div>
            <Button variant="secondary" size="sm" isPending={pending} onPress={handle}>
              Mark as handled
            </Button>
          </div>
        ) : null}
      </div>
    </Alert>
  )
}
