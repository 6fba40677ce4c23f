import { Link } from '@tanstack/react-router'
import { Check } from 'lucide-react'

/** Each step and where it starts: a step already done is a link back to it (its answers are kept). */
const steps = [
  { id: 'details', label: 'Details', to: '/join/about-you' },
  { id: 'photo', label: 'Photo', to: '/join/take-photo' },
  { id: 'payment', label: 'Payment', to: '/join/choose-payment-method' },
  { id: 'confirm', label: 'Confirm', to: '/join/confirm-subscription' },
] as const

export type JoinStep = (typeof steps)[number]['id']

/** Where a member is in joining (details → photo → payment → confirm), for sight and screen readers. */
export function JoinSteps(props: { current: JoinStep }) {
  const index = steps.findIndex((step) => step.id === props.current)
  return (
    <nav aria-label="Joining steps" className="mb-6">
      <ol className="grid grid-cols-4 gap-2 text-xs">
        {steps.map((step, position) => {
          const done = position < index
          const current = position === index
          return (
            <li key={step.id} aria-current={current ? 'step' : undefined} className="flex flex-col gap-1.5">
              <span
                className={`h-1.5 rounded-full ${done || current ? 'bg-accent-600' : 'bg-slate-200'}`}
                aria-hidden="true"
              />
              {done ? (
                <Link
                  to={step.to}
                  className="flex items-center gap-1 rounded-xs text-slate-600 underline decoration-slate-300 underline-offset-2 outline-accent-600 hover:text-slate-900 focus-visible:outline-2"
                >
                  <Check aria-hidden="true" className="size-3.5 text-accent-700" />
                  {step.label}
                  <span className="sr-only"> (done, go back to it)</span>
                </Link>
              ) : (
                <span
                  className={`flex items-center gap-1 ${current ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
                >
                  {step.label}
                </span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
