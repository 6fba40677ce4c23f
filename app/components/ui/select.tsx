import { Check, ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import {
  Button,
  composeRenderProps,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  Select as RACSelect,
  type SelectProps as RACSelectProps,
  SelectValue,
} from 'react-aria-components'
import { awaitsCode, useLive } from './before-load'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
import { tv } from './tv'
import { composeTailwindRenderProps, focusRing } from './utils'

const triggerStyles = tv({
  extend: focusRing,
  base: [
    'flex h-10 w-full min-w-0 cursor-default items-center gap-2 rounded-md bg-white pr-2 pl-3 text-left',
    'text-base text-slate-900 sm:text-sm',
  ],
})

export interface SelectProps<T extends object> extends Omit<RACSelectProps<T>, 'children'> {
  label: string
  description?: string
  /** The message under the field; when set the field is marked invalid. */
  errorMessage?: string
  items?: Iterable<T>
  children: ReactNode | ((item: T) => ReactNode)
}

/**
 * A single choice from a short list (a gym, a frequency): label above, a button showing the choice, and
 * a popover list. RAC gives the keyboard and screen-reader behaviour (type-ahead, arrows, Escape).
 * Until the page's code runs it is visibly not yet usable (disabled, busy, a progress cursor): a press
 * made then would open the list later, over whatever the person went on to do (`before-load.ts`).
 */
export function Select<T extends object>({
  label,
  description,
  errorMessage,
  items,
  children,
  className,
  isInvalid,
  ...props
}: SelectProps<T>) {
  const invalid = isInvalid ?? errorMessage !== undefined
  const live = useLive()
  return (
    <RACSelect
      {...props}
      {...awaitsCode(live, 'wait')}
      isDisabled={props.isDisabled || !live}
      isInvalid={invalid}
      className={composeTailwindRenderProps(className, 'group flex flex-col gap-1.5')}
    >
      <Label>{label}</Label>
      <Button
        className={(renderProps) =>
          `${triggerStyles({ isFocusVisible: renderProps.isFocusVisible })} ${fieldBorderStyles({
            isFocusWithin: renderProps.isFocused || renderProps.isPressed,
            isInvalid: invalid,
            isDisabled: renderProps.isDisabled,
          })}`
        }
      >
        <SelectValue className="flex-1 truncate placeholder-shown:text-slate-500" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
      </Button>
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
      <Popover className="min-w-(--trigger-width) overflow-auto rounded-md border border-slate-200 bg-white shadow-lg outline-none">
        <ListBox items={items} className="max-h-60 overflow-auto p-1 outline-none">
          {children}
        </ListBox>
      </Popover>
    </RACSelect>
  )
}

const itemStyles = tv({
  base: [
    'flex cursor-default items-center gap-2 rounded px-2 py-2 text-sm text-slate-900 outline-none select-none',
    'forced-color-adjust-none',
  ],
  variants: {
    isFocused: { true: 'bg-accent-50 text-accent-900' },
    isDisabled: { true: 'text-slate-500' },
  },
})

/** One option; it shows a tick while chosen. */
export function SelectItem(props: ListBoxItemProps) {
  const textValue = props.textValue ?? (typeof props.children === 'string' ? props.children : undefined)
  return (
    <ListBoxItem
      {...props}
      textValue={textValue}
      className={composeRenderProps(props.className, (callerClasses, renderProps) =>
        itemStyles({ ...renderProps, className: callerClasses }),
      )}
    >
      {composeRenderProps(props.children, (content, { isSelected }) => (
        <>
          <span className="flex flex-1 items-center gap-2 truncate">{content}</span>
          <span className="flex w-4 items-center">
            {isSelected ? <Check aria-hidden="true" className="size-4 text-accent-700" /> : null}
          </span>
        </>
      ))}
    </ListBoxItem>
  )
}
