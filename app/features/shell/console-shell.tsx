import { useRouterState } from '@tanstack/react-router'
import { Dumbbell, Menu, X } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Dialog, Modal, ModalOverlay } from 'react-aria-components'
import { Button } from '~/components/ui/button'
import type { SessionUser } from '~/contracts/auth'
import { GlobalSearch } from './global-search'
import { GymSwitcher } from './gym-switcher'
import { NavigationBottom } from './navigation-bottom'
import { NavigationProgress } from './navigation-progress'
import { SideNavigation } from './side-navigation'

/**
 * The console's shell (SPEC §2.4): the side navigation (permanent from `lg`, a slide-over on smaller
 * screens), a top bar with the gym switcher and the search, and the screen below. Screens render their
 * own `<main id="main">`, which the root's skip link jumps to.
 */
export function ConsoleShell(props: { user: SessionUser; children: ReactNode }) {
  const { user } = props
  return (
    <div className="min-h-dvh bg-slate-50">
      <NavigationProgress />
      <aside
        aria-label="Navigation"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-slate-200 border-r bg-white lg:flex"
      >
        <NavigationPanel user={user} />
      </aside>
      <div className="flex min-h-dvh min-w-0 flex-col lg:pl-64">
        <header className="sticky top-0 z-20 border-slate-200 border-b bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
          <div className="flex h-16 items-center gap-2 px-4 sm:gap-3 lg:px-6">
            <PhoneNavigation user={user} />
            <GymSwitcher user={user} />
            <div className="flex min-w-0 flex-1 justify-end lg:justify-start">
              <GlobalSearch />
            </div>
          </div>
        </header>
        <div className="min-w-0 flex-1">{props.children}</div>
      </div>
    </div>
  )
}

function Brand(props: { user: SessionUser }) {
  return (
    <div className="flex min-h-16 shrink-0 items-center gap-2.5 border-slate-200 border-b px-5 py-3">
      <Dumbbell aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
      <div className="flex min-w-0 flex-col">
        <span className="font-semibold text-slate-900 leading-tight">Gymbase</span>
        {/* The organisation's name whole, on as many lines as it needs (issue 13). */}
        <span className="break-words text-slate-600 text-sm leading-snug">
          {props.user.current_organisation?.name}
        </span>
      </div>
    </div>
  )
}

function NavigationPanel(props: { user: SessionUser }) {
  return (
    <>
      <Brand user={props.user} />
      <div className="min-h-0 flex-1 overflow-y-auto">
        <SideNavigation user={props.user} />
      </div>
      <NavigationBottom user={props.user} />
    </>
  )
}

/** Phones and tablets: the navigation slides over the screen and closes when the route changes. */
function PhoneNavigation(props: { user: SessionUser }) {
  const [open, setOpen] = useState(false)
  const href = useRouterState({ select: (state) => state.location.href })
  const [shownFor, setShownFor] = useState(href)
  if (href !== shownFor) {
    setShownFor(href)
    if (open) setOpen(false)
  }
  return (
    <>
      <Button
        variant="quiet"
        isIconOnly
        aria-label="Open navigation"
        className="-ml-2 lg:hidden"
        onPress={() => setOpen(true)}
      >
        <Menu aria-hidden="true" className="size-5" />
      </Button>
      <ModalOverlay
        isOpen={open}
        onOpenChange={setOpen}
        isDismissable
        className="fixed inset-0 z-40 bg-slate-900/40 lg:hidden"
      >
        <Modal className="fixed inset-y-0 left-0 flex w-72 max-w-[85vw] outline-none">
          <Dialog
            aria-label="Navigation"
            className="relative flex h-full w-full flex-col bg-white shadow-xl outline-none"
          >
            <NavigationPanel user={props.user} />
            <Button
              variant="quiet"
              isIconOnly
              size="sm"
              aria-label="Close navigation"
              className="absolute top-4 right-3"
              onPress={() => setOpen(false)}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  )
}
