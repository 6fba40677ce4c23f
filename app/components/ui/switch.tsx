import type { ReactNode } from 'react'
import { composeRenderProps, SwitchButton, SwitchField, type SwitchFieldProps } from 'react-aria-components'
import { useChoiceUntilLive } from './before-load'
import { Description } from './field'
import { tv } from './tv'
import { composeTailwindRenderProps, focusRing } from './utils'

const trackStyles = tv({
  extend: focusRing,
  base: 'flex h-6 w-10 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent px-0.5 transition-colors duration-200',
  variants: {
    isSelected: {
      false: 'bg-slate-400 group-pressed:bg-slate-500',
      true: 'bg-accent-600 group-pressed:bg-accent-800 forced-colors:bg-[Highlight]',
    },
    isDisabled: { true: 'cursor-not-allowed bg-slate-200 forced-colors:bg-[GrayText]' },
  },
})

const knobStyles = tv({
  base: 'size-4 rounded-full bg-white shadow-sm transition-transform duration-200 forced-colors:outline forced-colors:outline-1',
  variants: { isSelected: { false: 'translate-x-0', true: 'translate-x-4' } },
})

export interface SwitchProps extends Omit<SwitchFieldProps, 'children'> {
  /** The words next to the switch; pressing them toggles it. */
  children: ReactNode
  description?: string
}

/** An on/off setting that takes effect at once (RAC SwitchField + SwitchButton): a switch, not a checkbox. */
export function Switch({ children, description, className, ...props }: SwitchProps) {
  // Switched before the page's code ran: switched through its code once it runs (`before-load.ts`).
  const choice = useChoiceUntilLive()
  return (
    <SwitchField
      {...props}
      {...choice}
      className={composeTailwindRenderProps(className, 'flex flex-col gap-1')}
    >
      <SwitchButton className="group flex w-fit cursor-pointer items-center gap-3 text-base text-slate-900 [-webkit-tap-highlight-color:transparent] disabled:cursor-not-allowed disabled:text-slate-500">
        {composeRenderProps(children, (label, renderProps) => (
          <>
            <span className={trackStyles(renderProps)}>
              <span className={knobStyles({ isSelected: renderProps.isSelected })} />
            </span>
            {label}
          </>
        ))}
      </SwitchButton>
      {description ? <Description className="ml-13">{description}</Description> : null}
    </SwitchField>
  )
}
