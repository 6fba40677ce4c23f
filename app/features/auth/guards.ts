import type { QueryClient } from '@tanstack/react-query'
import { type ParsedLocation, redirect } from '@tanstack/react-router'
import type { SessionUser } from '~/contracts/auth'
import { getSiteConfig } from '~/lib/site-config'
import { siteUrl } from '~/lib/sites'
import type { SessionState } from './auth.functions'
import type { SessionStore } from './session'

interface GuardContext {
  location: Pick<ParsedLocation, 'publicHref' | 'search'>
  context: { session: SessionStore; queryClient?: QueryClient | undefined }
}

/** SPEC §3: the guest flag lives in local storage as `isGuest` / `isNotGuest`. */
export const guestStorageKey = 'guest'

async function loadSession(store: SessionStore): Promise<SessionState> {
  const session = await store.load()
  if (typeof window !== 'undefined') storeGuestFlag(session)
  return session
}

export function storeGuestFlag(session: SessionState) {
  window.localStorage.setItem(guestStorageKey, session.kind === 'user' ? 'isNotGuest' : 'isGuest')
}

function otherSiteUrl(site: 'join' | 'console', path: string) {
  const config = getSiteConfig()
  return siteUrl({ host: config[site], path, protocol: config.protocol, port: config.port })
}

const toConsoleDashboard = () =>
  redirect({ href: otherSiteUrl('console', '/dashboard'), reloadDocument: true })
const toJoinRegister = () => redirect({ href: otherSiteUrl('join', '/'), reloadDocument: true })

/** Console screens: staff only. Returns the user for child routes' guards and loaders. */
export async function requireStaff({ location, context }: GuardContext): Promise<{ user: SessionUser }> {
  const session = await loadSession(context.session)
  if (session.kind === 'two_factor') {
    throw redirect({ to: '/console/two-factor-authentication', search: { redirect: location.publicHref } })
  }
  if (session.kind !== 'user') {
    throw redirect({ to: '/console/login', search: { redirect: location.publicHref } })
  }
  if (!session.user.is_staff) throw toJoinRegister()
  return { user: session.user }
}

/** Console sign-in screens: someone already signed in goes where they were headed. */
export async function redirectSignedInFromConsoleSignIn({ location, context }: GuardContext): Promise<void> {
  const session = await loadSession(context.session)
  if (session.kind !== 'user') return
  if (!session.user.is_staff) throw toJoinRegister()
  throw redirect({ href: safeRedirect(location.search) ?? '/dashboard' })
}

/** The console's code screen: only between the password and the code. */
export async function requirePendingSecondFactor({
  location,
  context,
}: GuardContext): Promise<{ codeSentTo: string | undefined }> {
  const session = await loadSession(context.session)
  if (session.kind === 'two_factor') return { codeSentTo: session.email }
  if (session.kind === 'user') throw redirect({ href: safeRedirect(location.search) ?? '/dashboard' })
  throw redirect({ to: '/console/login', search: { redirect: safeRedirect(location.search) } })
}

/** Registration steps after sign-up: a signed-in member. */
export async function requireMember({ location, context }: GuardContext): Promise<{ user: SessionUser }> {
  const session = await loadSession(context.session)
  if (session.kind === 'two_factor') {
    throw redirect({
      to: '/join/verification-code',
      search: { twoFactorAuth: true, redirect: location.publicHref },
    })
  }
  if (session.kind !== 'user') throw redirect({ to: '/join', search: { redirect: location.publicHref } })
  if (session.user.is_staff) throw toConsoleDashboard()
  return { user: session.user }
}

/**
 * The member's own account (issue 28): a member who has joined; one who has not finished joining is
 * sent to the join flow's next step.
 */
export async function requireJoinedMember(options: GuardContext): Promise<{ user: SessionUser }> {
  const { user } = await requireMember(options)
  if (user.price_id === null) throw redirect({ to: nextRegistrationStep(user) })
  return { user }
}

/** The register screen and the join site's sign-in: guests stay, everyone else moves on. */
export async function redirectSignedInFromRegister({ context }: GuardContext): Promise<void> {
  const session = await loadSession(context.session)
  if (session.kind === 'two_factor')
    throw redirect({ to: '/join/verification-code', search: { twoFactorAuth: true } })
  if (session.kind !== 'user') return
  if (session.user.is_staff) throw toConsoleDashboard()
  throw redirect({ to: nextRegistrationStep(session.user) })
}

/** The join site's code screen: a member who still has to confirm the address. */
export async function requirePendingVerification({
  context,
}: GuardContext): Promise<{ codeSentTo: string | undefined }> {
  const session = await loadSession(context.session)
  if (session.kind === 'two_factor') return { codeSentTo: session.email }
  if (session.kind !== 'user') throw redirect({ to: '/join' })
  if (session.user.is_staff) throw toConsoleDashboard()
  throw redirect({ to: nextRegistrationStep(session.user) })
}

/**
 * The console's query cache, for its screens' loaders (the layout puts it in their context). The router
 * makes one on every site but the join site's (app/router.tsx).
 */
export function consoleQueryCache(context: { queryClient?: QueryClient | undefined }): QueryClient {
  if (!context.queryClient) throw new Error('The console runs with a query cache: app/router.tsx makes it')
  return context.queryClient
}

/** SPEC §2.1's routing order for a signed-in member on a registration route. */
export function nextRegistrationStep(user: SessionUser) {
  // The member already holds a membership: their account (issue 28); the welcome page is the join's end.
  if (user.price_id !== null) return '/join/account' as const
  if (!user.register_fields_completed) return '/join/about-you' as const
  if (!user.profile_picture) return '/join/take-photo' as const
  if (user.payment_types.length === 0) return '/join/choose-payment-method' as const
  return '/join/confirm-subscription' as const
}

/** The `redirect` search value, if it is a path on this site (validated by the root search schema). */
export function safeRedirect(search: Record<string, unknown>): string | undefined {
  const value = search.redirect
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : undefined
}
