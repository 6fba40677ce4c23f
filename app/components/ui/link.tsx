import { composeRenderProps, Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components'
import { tv } from './tv'
import { focusRing } from './utils'

/**
 * Text-link classes, exported for TanStack Router's `<Link>` as well:
 * `<Link to="/console/members" className={linkStyles()}>All members</Link>`. For a link that looks like a
 * button use `buttonStyles` from `./button`. Links are underlined so they never rely on colour alone.
 */
export const linkStyles = tv({
  extend: focusRing,
  base: [
    'cursor-pointer rounded-xs underline decoration-1 underline-offset-2 transition-colors',
    'hover:decoration-2 disabled:cursor-default disabled:no-underline disabled:text-slate-500',
    '[-webkit-tap-highlight-color:transparent] forced-colors:disabled:text-[GrayText]',
  ],
  variants: {
    variant: {
      primary: 'text-accent-700 hover:text-accent-800',
      secondary: 'text-slate-700 hover:text-slate-900',
    },
  },
  defaultVariants: { variant: 'primary' },
})

export interface LinkProps extends RACLinkProps {
  variant?: 'primary' | 'secondary'
}

/** A RAC Link styled as a text link (`href` links; route links use TanStack Router's `<Link>`). */
export function Link({ variant, className, ...props }: LinkProps) {
  return (
    <RACLink
      {...props}
      className={composeRenderProps(className, (callerClasses) =>
        linkStyles({ variant, className: callerClasses }),
      )}
    />
  )
}
