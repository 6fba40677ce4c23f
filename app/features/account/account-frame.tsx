import { Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * The member's own account (issue 28): one column a phone shows whole, the parts of the account as
 * links along the top (they scroll sideways on a narrow phone), the part shown below.
 */
export function AccountFrame(props: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      <nav aria-label="Your account" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex w-max gap-1 rounded-lg bg-slate-100 p-1 text-sm sm:w-auto sm:flex-wrap">
          {accountParts.map((part) => (
            <li key={part.to}>
              <RouterLink
                to={part.to}
                activeOptions={{ exact: true }}
                className="block whitespace-nowrap rounded-md px-3 py-2 sm:px-2.5 font-medium text-slate-600 outline-accent-600 outline-offset-2 hover:text-slate-900 focus-visible:outline-2 aria-[current=page]:bg-white aria-[current=page]:text-accent-800 aria-[current=page]:shadow-xs"
              >
                {part.label}
              </RouterLink>
            </li>
          ))}
        </ul>
      </nav>
      {props.children}
    </main>
  )
}

const accountParts = [
  { to: '/join/account', label: 'Membership' },
  { to: '/join/account/costs', label: 'Costs' },
  { to: '/join/account/payments', label: 'Payments' },
  { to: '/join/account/payment-methods', label: 'Payment methods' },
  { to: '/join/account/membership', label: 'Pause or cancel' },
  { to: '/join/account/details', label: 'Your details' },
] as const

/** A part of the account: its heading, a line on what it is for, then its content. */
export function AccountSection(props: {
  title: string
  description?: ReactNode
  children: ReactNode
  level?: 1 | 2
}) {
  const Heading = props.level === 2 ? 'h2' : 'h1'
  return (
    <section className="flex flex-col gap-4">
      <div>
        <Heading
          className={props.level === 2 ? 'font-semibold text-lg' : 'font-semibold text-2xl tracking-tight'}
        >
          {props.title}
        </Heading>
        {props.description ? <div className="mt-1 text-slate-600">{props.description}</div> : null}
      </div>
      {props.children}
    </section>
  )
}
