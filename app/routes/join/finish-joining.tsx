import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { NewPasswordPage } from '~/features/auth/new-password-page'
import { chosenPriceKey } from '~/features/join/join-choice'
import { MAX_RECORD_ID } from '~/lib/record-id'
import { integer, searchParams, text } from '~/lib/search-params'

const searchSchema = searchParams({
  token: text({ max: 500 }),
  email: text({ max: 500 }),
  price: integer({ min: 1, max: MAX_RECORD_ID }),
})

/**
 * A member staff added lands here from their e-mail (issue 15): they set a password and go on through
 * the join flow's steps; the price staff chose is preselected at confirm (as a pick on the gym's page is).
 */
export const Route = createFileRoute('/join/finish-joining')({
  validateSearch: searchSchema,
  head: () => ({ meta: [{ title: 'Finish joining · Gymbase' }] }),
  component: function FinishJoining() {
    const { token, email, price } = Route.useSearch()
    useEffect(() => {
      if (price !== undefined) window.localStorage.setItem(chosenPriceKey, String(price))
    }, [price])
    return <NewPasswordPage kind="member-invitation" site="join" token={token} email={email} />
  },
})
