import { redirect } from '@tanstack/react-router'
import type { SessionUser } from '~/features/auth/contract'
import { accessOf, type ConsoleArea, mayUse } from './areas'

/**
 * A console screen's guard from the navigation's rule (ADR 014): someone the menu doesn't offer the
 * screen to goes to the dashboard, rather than meeting the API's 403.
 */
export function requireConsoleArea(user: SessionUser, area: ConsoleArea) {
  if (!mayUse(accessOf(user), area)) throw redirect({ to: '/console/dashboard' })
}
