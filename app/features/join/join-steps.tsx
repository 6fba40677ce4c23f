import { Check } from 'lucide-react'

const steps = [
  { id: 'details', label: 'Details' },
  { id: 'photo', label: 'Photo' },
  { id: 'payment', label: 'Payment' },
  { id: 'confirm', label: 'Confirm' },
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
              <span
                className={`flex items-center gap-1 ${current ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
              >
                {done ? <Check aria-hidden="true" className="size-3.5 text-accent-700" /> : null}
                {step.label}
                {done ? <span className="sr-only"> (done)</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
