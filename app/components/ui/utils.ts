import { composeRenderProps } from 'react-aria-components'
import { tv, twMerge } from './tv'

/**
 * The keyboard focus ring every control shares. `focus-visible:` (from tailwindcss-react-aria-components)
 * matches RAC's `data-focus-visible` on RAC elements and the native `:focus-visible` elsewhere, so the same
 * classes work on a TanStack Router `<Link>` as on a RAC `Button`.
 */
export const focusRing = tv({
  base: 'outline-0 outline-offset-2 outline-accent-600 focus-visible:outline-2 forced-colors:outline-[Highlight]',
  variants: {
    // For an element that draws the ring for a focused element inside it (a checkbox's box).
    isFocusVisible: { true: 'outline-2' },
  },
})

/**
 * Merges the kit's classes with a caller's `className`, which may be a RAC render-prop function. The
 * caller's classes win conflicts (`twMerge` from ./tv, the one merge the app runs).
 */
export function composeTailwindRenderProps<T>(
  className: string | ((renderProps: T) => string) | undefined,
  classes: string,
): string | ((renderProps: T) => string) {
  return composeRenderProps(className, (callerClasses) => twMerge(classes, callerClasses))
}
