import type { QueryClient } from '@tanstack/react-query'
import { type ParsedLocation, redirect } from '@tanstack/react-router'
import { getSiteConfig } from '~/lib/site-config'
import { siteUrl } from '~/lib/sites'
import { fetchSessionState, type SessionState } from './auth.functions'
import type { SessionUser } from './contract'

/**
 * The guards of SPEC §2.3, shared by the console and join layouts. The session query is cached
 * briefly so moving between screens doesn't ask the API every time; signing in or out resets it.
 */
export const sessionQueryKey = ['session', 'me'] as const

interface GuardContext {
  location: ParsedLocation
  context: { queryClient: QueryClient }
}

function loadSession(queryClient: QueryClient): Promise<SessionState> {
  return queryClient.fetchQuery({
    queryKey: sessionQueryKey,
    queryFn: () => fetchSessionState(),
    staleTime: 10_000,
  })
}

function otherSiteUrl(site: 'join' | 'console', path: string) {
  const config = getSiteConfig()
  return siteUrl({ host: config[site], path, protocol: config.protocol, port: config.port })
}

/** Console screens: staff only. Returns the user for child routes' guards and loaders. */
export async function requireStaff({ location, context }: GuardContext): Promise<{ user: SessionUser }> {
  const session = await loadSession(context.queryClient)
  if (session.kind === 'two_factor') {
    throw redirect({ to: '/console/two-factor-authentication', search: { redirect: location.publicHref } })
  }
  if (session.kind !== 'user') {
    throw redirect({ to: '/console/login', search: { redirect: location.publicHref } })
  }
  if (!session.user.is_staff) throw redirect({ href: otherSiteUrl('join', '/'), reloadDocument: true })
  return { user: session.user }
}

/** Console screens for organisation admins only; everyone else goes to the dashboard (SPEC §2.2). */
export function requireOrganisationAdmin(user: SessionUser) {
  if (user.current_organisation?.role !== 'admin') throw redirect({ to: '/console/dashboard' })
}

/** Registration screens after sign-up: a signed-in member. */
export async function requireMember({ location, context }: GuardContext): Promise<{ user: SessionUser }> {
  const session = await loadSession(context.queryClient)
  if (session.kind === 'two_factor') {
    throw redirect({
      to: '/join/verification-code',
      search: { twoFactorAuth: true, redirect: location.publicHref },
    })
  }
  if (session.kind !== 'user') throw redirect({ to: '/join', search: { redirect: location.publicHref } })
  if (session.user.is_staff)
    throw redirect({ href: otherSiteUrl('console', '/dashboard'), reloadDocument: true })
  return { user: session.user }
}

/** The register screen itself: staff go to the console; guests stay. */
export async function redirectSignedInFromRegister({ context }: GuardContext): Promise<void> {
  const session = await loadSession(context.queryClient)
  if (session.kind !== 'user') return
  if (session.user.is_staff)
    throw redirect({ href: otherSiteUrl('console', '/dashboard'), reloadDocument: true })
  throw redirect({ to: nextRegistrationStep(session.user) })
}

/** SPEC §2.1's routing order for a signed-in member on a registration route. */
export function nextRegistrationStep(user: SessionUser) {
  if (!user.profile_picture) return '/join/take-photo' as const
  if (user.payment_types.length === 0) return '/join/choose-payment-method' as const
  return '/join/confirm-subscription' as const
}
