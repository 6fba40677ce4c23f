import { useRouterState } from '@tanstack/react-router'
import { ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components'
import { useHeldUntilLive } from '~/components/ui/before-load'
import { RouterLink } from '~/components/ui/router-link'
import { tv } from '~/components/ui/tv'
import { focusRing } from '~/components/ui/utils'
import type { SessionUser } from '~/contracts/auth'
import { type NavigationGroup, type NavigationLink, publicPath, visibleEntries } from './navigation'

const itemStyles = tv({
  extend: focusRing,
  base: [
    'flex w-full cursor-pointer items-center gap-3 rounded-md px-3 py-2 font-medium text-sm no-underline',
    'text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900',
    '[-webkit-tap-highlight-color:transparent]',
  ],
  variants: {
    isActive: { true: 'bg-accent-50 text-accent-800 hover:bg-accent-100 hover:text-accent-900' },
    isNested: { true: 'pl-10' },
  },
})

/** The entries this user may use (ADR 014); single links are highlighted on their pages. */
export function SideNavigation(props: { user: SessionUser }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const path = publicPath(pathname)
  return (
    <nav aria-label="Main" className="px-3 py-4">
      <ul className="flex flex-col gap-1">
        {visibleEntries(props.user).map((entry) => (
          <li key={entry.name}>
            {entry.kind === 'link' ? (
              <EntryLink entry={entry} path={path} />
            ) : (
              <EntryGroup group={entry} path={path} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

function EntryLink(props: { entry: NavigationLink; path: string; nested?: boolean }) {
  const { entry, path, nested } = props
  const isActive = entry.isActive(path)
  const Icon = entry.icon
  return (
    <RouterLink
      to={entry.to}
      aria-current={isActive ? 'page' : undefined}
      // A string, not RAC's render function: TanStack's Link appends its own active class to it.
      className={itemStyles({ isActive, isNested: nested })}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {entry.name}
    </RouterLink>
  )
}

/** An entry with children: a disclosure that opens and closes by toggling, open while a child is shown. */
function EntryGroup(props: { group: NavigationGroup; path: string }) {
  const { group, path } = props
  const hasActiveChild = group.children.some((child) => child.isActive(path))
  const [expanded, setExpanded] = useState(hasActiveChild)
  const [activeBefore, setActiveBefore] = useState(hasActiveChild)
  // Moving onto one of its pages opens the group; moving away leaves it as the user set it.
  if (hasActiveChild !== activeBefore) {
    setActiveBefore(hasActiveChild)
    if (hasActiveChild) setExpanded(true)
  }
  const Icon = group.icon
  // Pressed before the page's code ran: opened once it runs (ADR 058).
  const held = useHeldUntilLive<HTMLButtonElement>('press')
  return (
    <Disclosure isExpanded={expanded} onExpandedChange={setExpanded}>
      <Heading level={2} className="m-0">
        <Button
          {...held.mark}
          ref={held.ref}
          slot="trigger"
          className={({ isFocusVisible }) => itemStyles({ isFocusVisible, className: 'text-left' })}
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          <span className="flex-1">{group.name}</span>
          <ChevronRight
            aria-hidden="true"
            className={`size-4 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none ${
              expanded ? 'rotate-90' : ''
            }`}
          />
        </Button>
      </Heading>
      <DisclosurePanel>
        <ul className="mt-1 flex flex-col gap-1">
          {group.children.map((child) => (
            <li key={child.name}>
              <EntryLink entry={child} path={path} nested />
            </li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  )
}
