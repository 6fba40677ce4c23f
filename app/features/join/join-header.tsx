import { Link as RouterLink, useLocation } from '@tanstack/react-router'
import { Dumbbell, LogOut } from 'lucide-react'
import { Link } from '~/components/ui/link'
import { useSession } from '~/features/auth/session'
import { useSignOut } from '~/features/auth/use-sign-out'

/**
 * The join site's header on every screen (issue 13): the brand, back to the start, and — once someone
 * is signed in, a code still due or not — the way to sign out, so no step is a dead end.
 */
export function JoinHeader() {
  const session = useSession()
  const signedIn = session?.kind === 'user' || session?.kind === 'two_factor'
  // The gym a signed-in member is joining, beside the brand (its logo joins it with the gyms issue).
  const gym = session?.kind === 'user' && !session.user.is_staff ? session.user.gyms[0]?.name : undefined
  // The member's account is a wider column than the join steps: the header lines up with it.
  const wide = useLocation({ select: (location) => location.pathname.startsWith('/join/account') })
  return (
    <header className="border-slate-200 border-b bg-white">
      <div
        className={`mx-auto flex h-14 w-full items-center justify-between gap-4 px-4 ${wide ? 'max-w-3xl' : 'max-w-md'}`}
      >
        <RouterLink
          to="/join"
          className="flex items-center gap-2 rounded-md font-semibold text-accent-700 text-lg tracking-tight outline-accent-600 outline-offset-2 focus-visible:outline-2"
        >
          <Dumbbell aria-hidden="true" className="size-5" />
          Gymbase
        </RouterLink>
        {gym ? <p className="min-w-0 grow truncate font-medium text-slate-700 text-sm">{gym}</p> : null}
        {signedIn ? <SignOut /> : null}
      </div>
    </header>
  )
}

function SignOut() {
  const { signOut, pending } = useSignOut('/join/login')
  return (
    <Link
      variant="secondary"
      onPress={signOut}
      aria-disabled={pending || undefined}
      className="inline-flex items-center gap-1.5 text-sm"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign out
    </Link>
  )
}
