import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { Mail } from 'lucide-react'
import { useState } from 'react'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { describePrice } from '~/contracts/catalogue'
import { catalogueQueries } from '~/features/catalogue/queries'
import { formatDate } from '~/lib/dates'
import { formatCents } from '~/lib/money'
import { todayInAuckland } from '~/lib/today'
import { previewPriceChangeEmail, schedulePriceChange } from '../membership.functions'
import { type ActionDialogProps, ActionFormDialog, Effect, useMembershipForm } from './action-dialog'

/**
 * Move the membership to another price: from the end of its period (a term's end, after the
 * organisation's grace period) or the first renewal on or after a day; the day it is first charged, as
 * the server works it out, and the member's e-mail are shown before it is done.
 */
export function PriceChangeDialog(props: ActionDialogProps & { organisationId: number }) {
  const { member, membership } = props
  const schedule = useServerFn(schedulePriceChange)
  const preview = useServerFn(previewPriceChangeEmail)
  const queryClient = useQueryClient()
  const withoutDate = withoutDateWords(membership)
  const [email, setEmail] = useState<{ subject: string; text: string } | string | null>(null)
  const prices = useQuery(catalogueQueries.organisationPrices(props.organisationId))
  const choices = (prices.data ?? [])
    .filter((price) => !price.archived_at && price.id !== membership.price.id)
    .map((price) => ({
      id: String(price.id),
      name: `${price.offering_name} · ${describePrice(price)}${price.gym ? ` (${price.gym.name} only)` : ''}`,
      amount: price.amount,
    }))
  // The day the dialog named: the server's preview answer for the version the change was made on.
  const namedDay = (priceId: string, date: string) => {
    const named = queryClient.getQueryData<Awaited<ReturnType<typeof preview>>>(
      priceChangeDayKey(membership, Number(priceId), date || null),
    )
    return named?.ok ? named.data.takes_effect_on : null
  }
  const { form, dialog } = useMembershipForm({
    dialog: props,
    defaultValues: {
      price_id: null as string | null,
      date: membership.current_period_end ?? '',
    },
    send: (value) =>
      value.price_id === null
        ? null
        : schedule({
            data: {
              subscription_id: membership.id,
              version: membership.version,
              price_id: Number(value.price_id),
              date: value.date || null,
            },
          }),
    said: (value) => {
      const firstDay = value.price_id === null ? null : namedDay(value.price_id, value.date)
      return firstDay
        ? `${member.name}’s price changes from ${formatDate(firstDay)}`
        : value.date
          ? `${member.name}’s price changes from the first renewal on or after ${formatDate(value.date)}`
          : `${member.name}’s price changes ${withoutDate.said}`
    },
  })
  return (
    <ActionFormDialog title="Change price" {...dialog} submit="Schedule price change">
      <form.AppField name="price_id">
        {(field) => (
          <field.SelectField
            label="New price"
            options={choices}
            isRequired
            // Until the prices have come there is nothing to choose: no empty list to open.
            isDisabled={prices.isPending}
            placeholder={prices.isPending ? 'Loading prices…' : 'Choose a price'}
          />
        )}
      </form.AppField>
      <form.AppField name="date">
        {(field) => <field.DateField label="Takes effect on" description={withoutDate.field} />}
      </form.AppField>
      <form.Subscribe selector={(state) => state.values}>
        {(values) => {
          const chosen = choices.find((choice) => choice.id === values.price_id)
          if (!chosen) return null
          return (
            <>
              <Effect>
                <FirstChargedOn
                  membershipId={membership.id}
                  version={membership.version}
                  priceId={Number(chosen.id)}
                  date={values.date || null}
                  booked={
                    values.date
                      ? `From the first renewal on or after ${formatDate(values.date)}`
                      : withoutDate.effect
                  }
                />{' '}
                {member.name} pays {chosen.name.split(' · ')[1]}
                {membership.price.amount != null ? ` instead of ${formatCents(membership.price.amount)}` : ''}
                ; charges before then stay as they are. They are e-mailed about the change.
              </Effect>
              <Button
                variant="quiet"
                size="sm"
                className="self-start"
                onPress={async () => {
                  const result = await preview({
                    data: {
                      subscription_id: membership.id,
                      price_id: Number(chosen.id),
                      date: values.date || null,
                    },
                  })
                  setEmail(
                    result.ok ? { subject: result.data.subject, text: result.data.text } : result.message,
                  )
                }}
              >
                <Mail aria-hidden="true" className="size-4" />
                Preview the e-mail
              </Button>
              {email === null ? null : typeof email === 'string' ? (
                <Alert tone="error">{email}</Alert>
              ) : (
                <section
                  aria-label="E-mail preview"
                  className="rounded-md border border-slate-200 p-3 text-sm"
                >
                  <p className="font-medium">{email.subject}</p>
                  <p className="mt-2 max-h-48 overflow-y-auto whitespace-pre-wrap text-slate-700">
                    {email.text}
                  </p>
                </section>
              )}
            </>
          )
        }}
      </form.Subscribe>
    </ActionFormDialog>
  )
}

/**
 * With no day chosen the server decides as the rules say: a membership within its term moves when the
 * term is over (after the organisation's grace period), any other at the end of its period.
 */
function withoutDateWords(membership: ActionDialogProps['membership']) {
  const periodEnd = membership.current_period_end
    ? formatDate(membership.current_period_end)
    : 'the end of the current period'
  return membership.term_ends_at && membership.term_ends_at > todayInAuckland()
    ? {
        effect: `After the term ends on ${formatDate(membership.term_ends_at)} and the organisation’s grace period for terms,`,
        field: `Empty: after the term ends on ${formatDate(membership.term_ends_at)} and the organisation’s grace period for terms.`,
        said: `after their term ends on ${formatDate(membership.term_ends_at)}`,
      }
    : {
        effect: `From ${periodEnd}`,
        field: 'Empty: at the end of the current period.',
        said: `on ${periodEnd}`,
      }
}

/**
 * "From <day>": the day the new price is first charged, as the server works it out for the e-mail, the
 * history and the engine (the preview's `takes_effect_on`); the booked day in words until it answers.
 */
function priceChangeDayKey(
  membership: { id: number; version: number },
  priceId: number,
  date: string | null,
) {
  return ['members', 'price-change-day', membership.id, membership.version, priceId, date] as const
}

function FirstChargedOn(props: {
  membershipId: number
  version: number
  priceId: number
  date: string | null
  booked: string
}) {
  const preview = useServerFn(previewPriceChangeEmail)
  const day = useQuery({
    queryKey: priceChangeDayKey(
      { id: props.membershipId, version: props.version },
      props.priceId,
      props.date,
    ),
    queryFn: () =>
      preview({ data: { subscription_id: props.membershipId, price_id: props.priceId, date: props.date } }),
    enabled: props.date === null || /^\d{4}-\d{2}-\d{2}$/.test(props.date),
  })
  return day.data?.ok ? `From ${formatDate(day.data.data.takes_effect_on)}` : props.booked
}
