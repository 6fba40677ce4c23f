import { Check, Minus } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  CheckboxButton,
  CheckboxField,
  type CheckboxFieldProps,
  composeRenderProps,
} from 'react-aria-components'
import { useChoiceUntilLive } from './before-load'
import { Description, FieldError } from './field'
import { tv } from './tv'
import { composeTailwindRenderProps, focusRing } from './utils'

const boxStyles = tv({
  extend: focusRing,
  base: 'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border-2 transition-colors',
  variants: {
    isSelected: {
      false: 'border-slate-500 bg-white group-pressed:border-slate-700',
      true: 'border-accent-600 bg-accent-600 text-white group-pressed:border-accent-800 group-pressed:bg-accent-800 forced-colors:border-[Highlight] forced-colors:bg-[Highlight]',
    },
    isInvalid: {
      true: 'border-red-600 group-pressed:border-red-800',
    },
    isDisabled: {
      true: 'border-slate-300 bg-slate-100 text-slate-400 forced-colors:border-[GrayText]',
    },
  },
  compoundVariants: [{ isSelected: true, isInvalid: true, class: 'bg-red-600 group-pressed:bg-red-800' }],
})

export interface CheckboxProps extends Omit<CheckboxFieldProps, 'children'> {
  /** The text next to the box; clicking it toggles the checkbox. */
  children: ReactNode
  description?: string
  errorMessage?: string
}

/**
 * A single checkbox with its label, optional help text and error (RAC CheckboxField + CheckboxButton;
 * RAC 1.22 deprecates the all-in-one Checkbox). The whole label is the press target. A tick made before
 * the page's code ran is kept once it runs (`before-load.ts`).
 */
export function Checkbox({
  children,
  description,
  errorMessage,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: CheckboxProps) {
  const choice = useChoiceUntilLive()
  return (
    <CheckboxField
      {...props}
      {...choice}
      isInvalid={isInvalid ?? errorMessage !== undefined}
      validationBehavior={validationBehavior}
      className={composeTailwindRenderProps(className, 'flex flex-col gap-1.5')}
    >
      <CheckboxButton className="group flex w-fit cursor-pointer items-start gap-3 text-base text-slate-900 [-webkit-tap-highlight-color:transparent] disabled:cursor-not-allowed disabled:text-slate-500">
        {composeRenderProps(children, (label, { isSelected, isIndeterminate, ...renderProps }) => (
          <>
            <span
              data-mark=""
              className={boxStyles({
                isSelected: isSelected || isIndeterminate,
                isInvalid: renderProps.isInvalid,
                isDisabled: renderProps.isDisabled,
                isFocusVisible: renderProps.isFocusVisible,
              })}
            >
              {isIndeterminate ? (
                <Minus aria-hidden="true" className="size-4" strokeWidth={3} />
              ) : isSelected ? (
                <Check aria-hidden="true" className="size-4" strokeWidth={3} />
              ) : null}
            </span>
            <span>{label}</span>
          </>
        ))}
      </CheckboxButton>
      {description ? <Description className="pl-8">{description}</Description> : null}
      {errorMessage ? <FieldError className="pl-8">{errorMessage}</FieldError> : null}
    </CheckboxField>
  )
}
