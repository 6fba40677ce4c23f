import { useSuspenseQuery } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { useConsoleForm } from '~/components/form/console-form-hook'
import { useActionFormError } from '~/components/form/use-action-form-error'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Card } from '~/components/ui/card'
import { describePrice } from '~/contracts/catalogue'
import { formatCents } from '~/lib/money'
import { calendarDate, z } from '~/lib/validation'
import { fetchProRata } from './catalogue.functions'
import { catalogueQueries } from './queries'
import { proRataDescription, proRataTitle } from './skeletons'

const date = calendarDate
const proRataFormSchema = z.object({ price_id: z.string().min(1), start_date: date, billing_date: date })

type Result = { amount: number; days: number; period_days: number; explanation: string[] }

/** calculate-pro-rata: pick a price and two dates, see the amount and the working (ADR 011). */
export function ProRataPage(props: { organisationId: number }) {
  const { data: prices } = useSuspenseQuery(catalogueQueries.organisationPrices(props.organisationId))
  const calculate = useServerFn(fetchProRata)
  const serverError = useActionFormError()
  const [result, setResult] = useState<Result | null>(null)
  const options = prices
    .filter((price) => price.billing_frequency !== 'one_off')
    .map((price) => ({ id: String(price.id), name: `${price.offering_name} · ${describePrice(price)}` }))
  const form = useConsoleForm({
    defaultValues: { price_id: '', start_date: '', billing_date: '' },
    validators: { onSubmit: proRataFormSchema },
    onSubmit: async ({ value, formApi }) => {
      serverError.clear()
      setResult(null)
      const response = await calculate({
        data: {
          price_id: Number(value.price_id),
          start_date: value.start_date,
          billing_date: value.billing_date,
        },
      })
      if (!response.ok) return serverError.show(formApi, response)
      setResult(response.data)
    },
  })
  return (
    <Page title={proRataTitle} description={proRataDescription}>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <form.AppForm>
            <form.Form aria-label={proRataTitle} className="flex flex-col gap-4">
              {serverError.message ? <Alert tone="error">{serverError.message}</Alert> : null}
              <form.AppField name="price_id">
                {(field) => (
                  <field.SelectField
                    label="Price"
                    options={options}
                    placeholder={options.length === 0 ? 'No prices yet' : 'Choose a price…'}
                    isRequired
                  />
                )}
              </form.AppField>
              <form.AppField name="start_date">
                {(field) => (
                  <field.DateField label="Start date" description="The member’s first day." isRequired />
                )}
              </form.AppField>
              <form.AppField name="billing_date">
                {(field) => (
                  <field.DateField
                    label="Billing date"
                    description="The first regular payment, when the normal cycle begins."
                    isRequired
                  />
                )}
              </form.AppField>
              <div>
                <form.SubmitButton>Calculate</form.SubmitButton>
              </div>
            </form.Form>
          </form.AppForm>
        </Card>
        <Card aria-live="polite">
          {result ? (
            <>
              <p className="text-slate-600 text-sm">Pro-rata amount</p>
              <p className="mt-1 font-semibold text-3xl tabular-nums">{formatCents(result.amount)}</p>
              <p className="mt-1 text-slate-600 text-sm">
                for {result.days === 1 ? '1 day' : `${result.days} days`} of a {result.period_days}-day period
              </p>
              <h2 className="mt-6 font-medium text-sm">How it was worked out</h2>
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700 text-sm">
                {result.explanation.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ol>
            </>
          ) : (
            <p className="text-slate-600 text-sm">
              Choose a price and the two dates; the amount and how it was worked out appear here.
            </p>
          )}
        </Card>
      </div>
    </Page>
  )
}
