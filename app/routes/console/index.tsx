import { createFileRoute, redirect } from '@tanstack/react-router'

/** SPEC §2.2: the console's `/` goes to the login screen. */
export const Route = createFileRoute('/console/')({
  beforeLoad: () => {
    throw redirect({ to: '/console/login' })
  },
})
