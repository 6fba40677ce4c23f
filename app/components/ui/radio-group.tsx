import {
  composeRenderProps,
  Radio as RACRadio,
  RadioGroup as RACRadioGroup,
  type RadioGroupProps as RACRadioGroupProps,
  type RadioProps,
} from 'react-aria-components'
import { useChoiceUntilLive } from './before-load'
import { type ChoiceGroupOwnProps, ChoiceGroupParts, choiceGroupState } from './field'
import { tv } from './tv'
import { composeTailwindRenderProps, focusRing } from './utils'

export interface RadioGroupProps extends Omit<RACRadioGroupProps, 'children'>, ChoiceGroupOwnProps {}

/** One choice from a few, all visible (an offering's type). Arrow keys move between options. */
export function RadioGroup({ label, description, errorMessage, children, ...props }: RadioGroupProps) {
  return (
    <RACRadioGroup {...props} {...choiceGroupState(props, errorMessage)}>
      <ChoiceGroupParts {...{ label, description, errorMessage, children }} />
    </RACRadioGroup>
  )
}

const circle = tv({
  extend: focusRing,
  base: 'size-5 shrink-0 rounded-full border-2 bg-white transition-all',
  variants: {
    isSelected: { false: 'border-slate-500', true: 'border-[6px] border-accent-600' },
    isInvalid: { true: 'border-red-600' },
    isDisabled: { true: 'border-slate-300' },
  },
})

/** A radio ticked before the page's code ran stays the choice once it runs (`before-load.ts`). */
export function Radio({ className, children, ...props }: RadioProps) {
  const choice = useChoiceUntilLive()
  return (
    <RACRadio
      {...props}
      {...choice}
      className={composeTailwindRenderProps(
        className,
        'group flex cursor-pointer items-center gap-2 text-slate-900 text-sm disabled:cursor-not-allowed disabled:text-slate-500',
      )}
    >
      {composeRenderProps(children, (content, renderProps) => (
        <>
          <span aria-hidden="true" data-mark="" className={circle(renderProps)} />
          {content}
        </>
      ))}
    </RACRadio>
  )
}
