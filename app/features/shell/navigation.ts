import {
  Building2,
  Calculator,
  CreditCard,
  DoorOpen,
  LayoutDashboard,
  type LucideIcon,
  Settings,
  Tags,
  UserCog,
  Users,
  WalletCards,
  Warehouse,
} from 'lucide-react'
import { accessOf, type ConsoleArea, mayUse } from '~/contracts/areas'
import type { SessionUser } from '~/contracts/auth'

/**
 * The side navigation of SPEC §2.4: each entry has a name, an icon, a target route, a visibility check
 * (the shared rule of ADR 014, by the area it belongs to) and an active check on the current path.
 */

/** Console routes the navigation links to (internal paths: the router maps them to public ones). */
export type NavigationTarget =
  | '/console/dashboard'
  | '/console/members'
  | '/console/payments'
  | '/console/visits'
  | '/console/offerings'
  | '/console/members/change-price'
  | '/console/staff'
  | '/console/gyms'
  | '/console/organisation/settings'
  | '/console/calculate-pro-rata'

export interface NavigationLink {
  kind: 'link'
  name: string
  icon: LucideIcon
  to: NavigationTarget
  area: ConsoleArea
  /** Public path without the site prefix, e.g. `/members/12/activity`. */
  isActive: (path: string) => boolean
}

export interface NavigationGroup {
  kind: 'group'
  name: string
  icon: LucideIcon
  area: ConsoleArea
  children: NavigationLink[]
}

export type NavigationEntry = NavigationLink | NavigationGroup

const exactly =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path)
const under = (prefix: string) => (path: string) => path === prefix || path.startsWith(`${prefix}/`)

const link = (entry: Omit<NavigationLink, 'kind'>): NavigationLink => ({ kind: 'link', ...entry })

export const navigationEntries: NavigationEntry[] = [
  link({
    name: 'Dashboard',
    icon: LayoutDashboard,
    to: '/console/dashboard',
    area: 'dashboard',
    isActive: exactly('/dashboard'),
  }),
  link({
    name: 'Members',
    icon: Users,
    to: '/console/members',
    area: 'members',
    // index, create, show and activity; the change-price list has an entry of its own.
    isActive: (path) => under('/members')(path) && !under('/members/change-price')(path),
  }),
  link({
    name: 'Payments',
    icon: CreditCard,
    to: '/console/payments',
    area: 'payments',
    isActive: exactly('/payments'),
  }),
  link({
    name: 'Visits',
    icon: DoorOpen,
    to: '/console/visits',
    area: 'visits',
    isActive: exactly('/visits'),
  }),
  link({
    name: 'Offerings',
    icon: Tags,
    to: '/console/offerings',
    area: 'offerings',
    isActive: under('/offerings'),
  }),
  link({
    name: 'Change price',
    icon: WalletCards,
    to: '/console/members/change-price',
    area: 'price_changes',
    isActive: under('/members/change-price'),
  }),
  {
    kind: 'group',
    name: 'Organisation',
    icon: Building2,
    area: 'organisation',
    children: [
      link({
        name: 'Staff',
        icon: UserCog,
        to: '/console/staff',
        area: 'organisation',
        isActive: under('/staff'),
      }),
      link({
        name: 'Gyms',
        icon: Warehouse,
        to: '/console/gyms',
        area: 'organisation',
        isActive: under('/gyms'),
      }),
      link({
        name: 'Settings',
        icon: Settings,
        to: '/console/organisation/settings',
        area: 'organisation',
        isActive: exactly('/organisation/settings'),
      }),
      link({
        name: 'Calculate Pro Rata',
        icon: Calculator,
        to: '/console/calculate-pro-rata',
        area: 'organisation',
        isActive: exactly('/calculate-pro-rata'),
      }),
    ],
  },
]

/** The entries this user sees: an entry or group of an area they may use, groups with their visible children. */
export function visibleEntries(user: SessionUser): NavigationEntry[] {
  const access = accessOf(user)
  return navigationEntries.flatMap((entry): NavigationEntry[] => {
    if (!mayUse(access, entry.area)) return []
    if (entry.kind === 'link') return [entry]
    const children = entry.children.filter((child) => mayUse(access, child.area))
    return children.length > 0 ? [{ ...entry, children }] : []
  })
}

/** `/console/members/3` → `/members/3`: the path as the user sees it, whichever form the router holds. */
export function publicPath(pathname: string) {
  const path = pathname.replace(/^\/console(?=\/|$)/, '')
  return path === '' ? '/' : path.replace(/\/$/, '') || '/'
}
