import { ProgressBar, type ProgressBarProps } from 'react-aria-components'
import { tv } from './tv'
import { composeTailwindRenderProps } from './utils'

const spinnerStyles = tv({
  base: 'animate-spin motion-reduce:animate-none',
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-5',
      lg: 'size-8',
    },
  },
  defaultVariants: { size: 'md' },
})

export interface SpinnerProps extends Omit<ProgressBarProps, 'children' | 'isIndeterminate' | 'value'> {
  size?: 'sm' | 'md' | 'lg'
}

/**
 * An indeterminate progress indicator. It is a RAC ProgressBar, so it has the `progressbar` role and needs
 * a name: "Loading" unless the caller says what is loading. Inside a pending `Button` RAC adds it to the
 * button's name, so a screen reader hears "Save changes, In progress".
 */
export function Spinner({ size, className, ...props }: SpinnerProps) {
  return (
    <ProgressBar
      aria-label={props['aria-labelledby'] ? undefined : 'Loading'}
      {...props}
      isIndeterminate
      className={composeTailwindRenderProps(className, 'inline-flex shrink-0 text-current')}
    >
      <svg className={spinnerStyles({ size })} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </ProgressBar>
  )
}
