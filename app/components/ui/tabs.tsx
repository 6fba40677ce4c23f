import {
  composeRenderProps,
  Tab as RACTab,
  TabList as RACTabList,
  Tabs as RACTabs,
  type TabListProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components'
import { useHeldUntilLive } from './before-load'
import { tv } from './tv'
import { composeTailwindRenderProps, focusRing } from './utils'

export function Tabs(props: TabsProps) {
  return <RACTabs {...props} className={composeTailwindRenderProps(props.className, 'flex flex-col gap-4')} />
}

export function TabList<T extends object>(props: TabListProps<T>) {
  return (
    <RACTabList
      {...props}
      className={composeTailwindRenderProps(
        props.className,
        'flex gap-1 overflow-x-auto border-slate-200 border-b [scrollbar-width:none]',
      )}
    />
  )
}

const tabStyles = tv({
  extend: focusRing,
  base: '-mb-px flex shrink-0 cursor-pointer whitespace-nowrap items-center gap-2 border-b-2 px-2.5 py-2 sm:px-3 font-medium text-sm no-underline transition-colors',
  variants: {
    isSelected: {
      false: 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
      true: 'border-accent-600 text-accent-800',
    },
  },
})

/**
 * A tab; with `href` it is a link (the list's state lives in the URL), which works before the page's
 * code runs. Without, a press made then is held and made once it runs (ADR 058).
 */
export function Tab(props: TabProps) {
  const held = useHeldUntilLive<HTMLDivElement>(props.href ? undefined : 'press')
  return (
    <RACTab
      {...props}
      {...held.mark}
      ref={held.ref}
      className={composeRenderProps(props.className, (className, renderProps) =>
        tabStyles({ ...renderProps, className }),
      )}
    />
  )
}
