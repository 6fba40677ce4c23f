import { CircleAlert } from 'lucide-react'
import type { ReactNode, Ref } from 'react'
import {
  composeRenderProps,
  type FieldErrorProps,
  Group,
  type GroupProps,
  type InputProps,
  type LabelProps,
  FieldError as RACFieldError,
  Input as RACInput,
  Label as RACLabel,
  Text,
  type TextProps,
} from 'react-aria-components'
import { tv, twMerge } from './tv'
import { composeTailwindRenderProps } from './utils'

/** The label above a field. */
export function Label({ className, ...props }: LabelProps) {
  return (
    <RACLabel
      {...props}
      className={twMerge('w-fit cursor-default font-medium text-slate-900 text-sm', className)}
    />
  )
}

/** Help text under a field, linked to it by RAC as its description. */
export function Description({ className, ...props }: TextProps) {
  return <Text {...props} slot="description" className={twMerge('text-slate-600 text-sm', className)} />
}

/**
 * The error under a field (SPEC §5's words come from the caller). RAC renders it only while the field is
 * invalid and links it to the field; the icon means the error does not rely on colour alone.
 */
export function FieldError({ className, children, ...props }: FieldErrorProps) {
  return (
    <RACFieldError
      {...props}
      className={composeTailwindRenderProps(className, 'flex items-start gap-1.5 text-red-700 text-sm')}
    >
      {composeRenderProps(children, (content) => (
        <>
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{content}</span>
        </>
      ))}
    </RACFieldError>
  )
}

/** What a group of choices (checkboxes, radios) takes besides its RAC props. */
export interface ChoiceGroupOwnProps {
  label: string
  description?: string
  errorMessage?: string
  children: ReactNode
}

/**
 * The props a RAC CheckboxGroup or RadioGroup takes from us: invalid while an error is shown (unless the
 * caller says otherwise), checked by our own rules rather than the browser's, laid out as a column.
 */
export function choiceGroupState<T>(
  { isInvalid, className }: { isInvalid?: boolean; className?: string | ((renderProps: T) => string) },
  errorMessage: string | undefined,
) {
  return {
    isInvalid: isInvalid ?? errorMessage !== undefined,
    validationBehavior: 'aria' as const,
    className: composeTailwindRenderProps(className, 'flex flex-col gap-2'),
  }
}

/** Inside a group of choices: its label, the options side by side, then help text and the error. */
export function ChoiceGroupParts({ label, description, errorMessage, children }: ChoiceGroupOwnProps) {
  return (
    <>
      <Label>{label}</Label>
      <div className="flex flex-wrap gap-x-6 gap-y-2">{children}</div>
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
    </>
  )
}

/**
 * The border every text-like field shares. Slate-500 gives the 3:1 non-text contrast WCAG 2.2 asks of a
 * field's boundary; an invalid field keeps its red border while focused, the focus ring shows focus.
 */
export const fieldBorderStyles = tv({
  base: 'border transition-colors',
  variants: {
    isFocusWithin: {
      false: 'border-slate-500 forced-colors:border-[ButtonBorder]',
      true: 'border-accent-600 forced-colors:border-[Highlight]',
    },
    isInvalid: {
      true: 'border-red-600 forced-colors:border-[Mark]',
    },
    isDisabled: {
      true: 'border-slate-300 bg-slate-50 forced-colors:border-[GrayText]',
    },
  },
})

/** Text fields show their ring on any focus, not only keyboard focus: it marks where typing goes. */
const fieldFocusRing = 'outline-0 outline-offset-2 outline-accent-600 forced-colors:outline-[Highlight]'

export interface FieldGroupProps extends GroupProps {
  isInvalid?: boolean
}

/** A bordered box around an input and its buttons (e.g. the password field's show/hide toggle). */
export function FieldGroup({ isInvalid, className, ...props }: FieldGroupProps) {
  return (
    <Group
      {...props}
      isInvalid={isInvalid}
      className={composeRenderProps(className, (callerClasses, renderProps) =>
        twMerge(
          'flex h-10 items-center gap-1 rounded-md bg-white pr-1 focus-within:outline-2',
          fieldFocusRing,
          fieldBorderStyles({
            isFocusWithin: renderProps.isFocusWithin,
            isInvalid: renderProps.isInvalid,
            isDisabled: renderProps.isDisabled,
          }),
          callerClasses,
        ),
      )}
    />
  )
}

const inputStyles = tv({
  base: 'min-w-0 bg-transparent px-3 text-base text-slate-900 placeholder:text-slate-500 disabled:text-slate-500',
  variants: {
    isEmbedded: {
      true: 'h-full flex-1 outline-0',
      false: `h-10 w-full rounded-md bg-white focused:outline-2 ${fieldFocusRing}`,
    },
  },
})

export interface KitInputProps extends InputProps {
  /** Set inside a FieldGroup, which then draws the border and the focus ring. */
  isEmbedded?: boolean
  ref?: Ref<HTMLInputElement>
}

/** A text input with 16 px text, so phones don't zoom in on focus. */
export function Input({ isEmbedded = false, className, ...props }: KitInputProps) {
  return (
    <RACInput
      {...props}
      className={composeRenderProps(className, (callerClasses, renderProps) =>
        twMerge(
          inputStyles({ isEmbedded }),
          isEmbedded
            ? undefined
            : fieldBorderStyles({
                isFocusWithin: renderProps.isFocused,
                isInvalid: renderProps.isInvalid,
                isDisabled: renderProps.isDisabled,
              }),
          callerClasses,
        ),
      )}
    />
  )
}
