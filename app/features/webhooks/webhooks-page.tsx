import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ChevronRight, Webhook } from 'lucide-react'
import { useState } from 'react'
import { Disclosure, DisclosurePanel, Heading, Button as RACButton } from 'react-aria-components'
import { choiceFilter, choicesOf, type ListFilter } from '~/components/lists/list-filters'
import { ListPage } from '~/components/lists/list-page'
import { Alert } from '~/components/ui/alert'
import { Badge } from '~/components/ui/badge'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { Button, buttonStyles } from '~/components/ui/button'
import { linkStyles } from '~/components/ui/link'
import { toast } from '~/components/ui/toast'
import {
  type WebhookEvent,
  webhookProviderLabels,
  webhookProviderNames,
  webhookResultLabels,
  webhookResultNames,
} from '~/contracts/webhooks'
import { formatDate } from '~/lib/dates'
import { formatTime } from '~/lib/instants'
import { webhookQueries } from './queries'
import type { WebhooksSearch } from './search'
import { reprocessWebhookEvent } from './webhooks.functions'

const description = 'What Stripe, Akahu and Kisi told Gymbase, and what came of it.'

/**
 * The webhooks screen (issue 26 point 6, SPEC §2.2): the organisation's provider events, newest first,
 * filtered by provider, type and result in the address; each with its payload on demand (secrets and
 * card data removed) and, when processing failed, Reprocess.
 */
export function WebhooksPage(props: { search: WebhooksSearch; organisationId: number }) {
  const { search, organisationId } = props
  const { data: page } = useSuspenseQuery(webhookQueries.list(organisationId, search))
  const { data: types } = useSuspenseQuery(webhookQueries.types(organisationId))
  const navigate = useNavigate()
  return (
    <ListPage
      title="Webhooks"
      description={description}
      noun={{ one: 'event', many: 'events' }}
      search={search}
      link={(link) => <Link to="/console/webhooks" {...link} />}
      filters={{
        navigate: (next, replace) => navigate({ to: '/console/webhooks', search: next, replace }),
        fields: webhookFilters(search, types.data),
      }}
      page={page}
      renderRows={(events) => (
        <ul aria-label="Events" className="flex flex-col gap-3">
          {events.map((event) => (
            <li key={event.id}>
              <EventCard event={event} organisationId={organisationId} />
            </li>
          ))}
        </ul>
      )}
      empty={{
        icon: Webhook,
        title: 'No events yet',
        text: 'Payments settling, bank consents and door unlocks appear here as the providers report them.',
      }}
      noMatches={{
        text: (
          <Link to="/console/webhooks" search={{}} className={linkStyles()}>
            Show every event
          </Link>
        ),
      }}
    />
  )
}

/** The toolbar's filters; a type the address holds is offered even before an event of it arrives. */
function webhookFilters(search: WebhooksSearch, types: string[]): Array<ListFilter<WebhooksSearch>> {
  return [
    choiceFilter('provider', {
      label: 'Provider',
      any: 'Every provider',
      choices: choicesOf(webhookProviderNames, webhookProviderLabels),
    }),
    choiceFilter('type', {
      label: 'Type',
      any: 'Every type',
      choices: [...new Set([...types, ...(search.type ? [search.type] : [])])].map((type) => ({
        value: type,
        label: type,
      })),
    }),
    choiceFilter('result', {
      label: 'Result',
      any: 'Every result',
      choices: choicesOf(webhookResultNames, webhookResultLabels),
    }),
  ]
}

const resultTone = { refused: 'red', received: 'slate', processed: 'green', failed: 'amber' } as const

function EventCard(props: { event: WebhookEvent; organisationId: number }) {
  const { event } = props
  const [expanded, setExpanded] = useState(false)
  // Pressed before the page's code ran: opened once it runs (ADR 058).
  const held = useHeldUntilLive<HTMLButtonElement>('press')
  return (
    <article
      aria-label={`${webhookProviderLabels[event.provider]} ${event.type}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">
            {webhookProviderLabels[event.provider]} · <span className="font-mono text-sm">{event.type}</span>
          </p>
          <p className="text-slate-600 text-xs">
            Received{' '}
            <time dateTime={event.received_at}>
              {formatDate(event.received_at)}, {formatTime(event.received_at)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Badge tone={event.signature_verified ? 'green' : 'red'}>
            {event.signature_verified ? 'Signature verified' : 'Signature not verified'}
          </Badge>
          <Badge tone={resultTone[event.result]}>{webhookResultLabels[event.result]}</Badge>
        </div>
      </div>
      {event.note ? <p className="break-words text-slate-700 text-sm">{event.note}</p> : null}
      {event.error ? <p className="break-words text-red-800 text-sm">{event.error}</p> : null}
      <div className="flex flex-wrap items-center gap-3">
        {event.result === 'failed' ? (
          <ReprocessButton event={event} organisationId={props.organisationId} />
        ) : null}
      </div>
      <Disclosure isExpanded={expanded} onExpandedChange={setExpanded}>
        <Heading level={3} className="m-0 text-sm">
          <RACButton
            {...held.mark}
            ref={held.ref}
            slot="trigger"
            className={buttonStyles({ variant: 'secondary', size: 'sm' })}
          >
            <ChevronRight
              aria-hidden="true"
              className={`size-4 transition-transform motion-reduce:transition-none ${expanded ? 'rotate-90' : ''}`}
            />
            {expanded ? 'Hide payload' : 'Show payload'}
          </RACButton>
        </Heading>
        <DisclosurePanel>
          {/* A region that scrolls: focusable, so a keyboard can scroll it too. */}
          <section
            aria-label="Payload"
            className="mt-2 max-h-96 max-w-full overflow-auto rounded bg-slate-50 p-3"
          >
            <pre className="whitespace-pre font-mono text-slate-800 text-xs">{event.payload}</pre>
          </section>
          <p className="mt-1 text-slate-600 text-xs">
            Secrets, tokens, personal details and card data are removed.
          </p>
        </DisclosurePanel>
      </Disclosure>
    </article>
  )
}

function ReprocessButton(props: { event: WebhookEvent; organisationId: number }) {
  const queryClient = useQueryClient()
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()
  return (
    <>
      <Button
        variant="primary"
        size="sm"
        isPending={pending}
        onPress={async () => {
          setPending(true)
          setProblem(undefined)
          const result = await reprocessWebhookEvent({
            data: { organisation_id: props.organisationId, id: props.event.id },
          })
          setPending(false)
          await queryClient.invalidateQueries({ queryKey: webhookQueries.all })
          if (!result.ok) {
            setProblem(result.message)
            return
          }
          const after = result.data.data
          if (after.result === 'processed') toast.success('Event processed.')
          else setProblem(after.error ?? 'Processing failed again.')
        }}
      >
        Reprocess
      </Button>
      {problem ? (
        <Alert tone="error" className="w-full">
          {problem}
        </Alert>
      ) : null}
    </>
  )
}
