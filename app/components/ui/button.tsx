import { useId } from 'react'
import {
  composeRenderProps,
  Button as RACButton,
  type ButtonProps as RACButtonProps,
} from 'react-aria-components'
import { useHeldUntilLive } from './before-load'
import { buttonStyles } from './button-styles'
import { Spinner } from './spinner'

export { buttonStyles } from './button-styles'

export interface ButtonProps extends RACButtonProps {
  variant?: 'primary' | 'secondary' | 'destructive' | 'quiet'
  size?: 'sm' | 'md' | 'lg'
  /** A square button holding only an icon; give it an `aria-label`. */
  isIconOnly?: boolean
  /** Stretch to the container's width (the join site's primary action). */
  fullWidth?: boolean
  /**
   * What a press before the page's code ran becomes (ADR 058): held and made once it runs (the
   * default), or the button looks not yet usable until then (`'wait'`: one whose press cannot be made
   * for the person later, as opening the file chooser). A submit button's press is its form's.
   */
  beforeLoad?: 'press' | 'wait'
}

/**
 * A RAC Button. While `isPending` it shows a spinner over its label; the label stays in the accessibility
 * tree (transparent, not hidden) and RAC appends the spinner's "In progress" to the button's name and
 * announces it, while the button ignores presses and a submit button stops submitting its form.
 */
export function Button({
  variant,
  size,
  isIconOnly,
  fullWidth,
  beforeLoad = 'press',
  className,
  children,
  ...props
}: ButtonProps) {
  const labelId = useId()
  const held = useHeldUntilLive<HTMLButtonElement>(
    props.type === 'submit' || props.isDisabled ? undefined : beforeLoad,
  )
  const waiting = beforeLoad === 'wait' && !held.live
  // Name the button by its label element so that, while pending, RAC can add the spinner to the name;
  // an explicit aria-label or aria-labelledby from the caller still wins.
  const labelledBy = props['aria-label'] || props['aria-labelledby'] ? props['aria-labelledby'] : labelId
  return (
    <RACButton
      {...props}
      {...held.mark}
      ref={held.ref}
      aria-disabled={waiting || undefined}
      aria-labelledby={labelledBy}
      className={composeRenderProps(className, (callerClasses) =>
        buttonStyles({ variant, size, isIconOnly, fullWidth, className: callerClasses }),
      )}
    >
      {composeRenderProps(children, (content, { isPending }) => (
        <>
          <span id={labelId} className={`inline-flex items-center gap-2 ${isPending ? 'opacity-0' : ''}`}>
            {content}
          </span>
          {isPending ? (
            <span className="absolute inset-0 flex items-center justify-center">
              <Spinner aria-label="In progress" size={size === 'lg' ? 'md' : 'sm'} />
            </span>
          ) : null}
        </>
      ))}
    </RACButton>
  )
}
