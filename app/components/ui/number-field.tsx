import { type HTMLAttributes, useContext, useEffect, useRef } from 'react'
import {
  Group,
  NumberFieldStateContext,
  Input as RACInput,
  NumberField as RACNumberField,
  type NumberFieldProps as RACNumberFieldProps,
} from 'react-aria-components'
import { twMerge } from 'tailwind-variants'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
import { composeTailwindRenderProps } from './utils'

export interface NumberFieldProps
  extends Omit<RACNumberFieldProps, 'children' | 'minValue' | 'maxValue' | 'commitBehavior'> {
  label: string
  description?: string
  /** The message under the field (SPEC §5's words); when set the field is marked invalid. */
  errorMessage?: string
  placeholder?: string
  /**
   * Told `true` when typing or pasting was refused (a letter, a decimal point in a whole number) or
   * left nothing readable (a lone `-`), so the caller can say why what was typed is not there; `false`
   * at the next accepted edit, or when the field is left holding a number.
   */
  onInputRefused?: (refused: boolean) => void
  /** The phone keyboard; `decimal` or `numeric` where a value can't be negative (no minus key needed). */
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode']
}

/**
 * A number typed in the locale's format (`$1,250.00` for money with a currency `formatOptions`), with
 * RAC's parsing, arrow-key steps and a decimal keypad on phones. Value: a number, or NaN while empty.
 *
 * It takes no minimum or maximum: RAC would clamp a value past them on blur (99,999,999 becoming
 * 1,000,000) and refuse a minus sign below a minimum of 0, changing what was typed without a word. The
 * limits are the form's schema's, which keeps the number and says what is wrong with it.
 */
export function NumberField({
  label,
  description,
  errorMessage,
  placeholder,
  onInputRefused,
  inputMode,
  isInvalid,
  className,
  validationBehavior = 'aria',
  ...props
}: NumberFieldProps) {
  const onRefused = useRef(onInputRefused)
  onRefused.current = onInputRefused
  const groupRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    // RAC refuses a keystroke that can't be part of a number by cancelling its `beforeinput` on the
    // input; here, one element up, the event arrives after RAC has decided.
    const group = groupRef.current
    const onBeforeInput = (event: InputEvent) => {
      if (event.inputType.startsWith('insert') && event.defaultPrevented) onRefused.current?.(true)
    }
    group?.addEventListener('beforeinput', onBeforeInput)
    return () => group?.removeEventListener('beforeinput', onBeforeInput)
  }, [])
  return (
    <RACNumberField
      {...props}
      isInvalid={isInvalid ?? errorMessage !== undefined}
      validationBehavior={validationBehavior}
      className={composeTailwindRenderProps(className, 'flex flex-col gap-1.5')}
    >
      <Label>{label}</Label>
      <Group
        ref={groupRef}
        className={(renderProps) =>
          twMerge(
            'flex h-10 items-center rounded-md bg-white',
            'outline-0 outline-offset-2 outline-accent-600 focus-within:outline-2 forced-colors:outline-[Highlight]',
            fieldBorderStyles({
              isFocusWithin: renderProps.isFocusWithin,
              isInvalid: renderProps.isInvalid,
              isDisabled: renderProps.isDisabled,
            }),
          )
        }
      >
        <NumberInput
          placeholder={placeholder}
          inputMode={inputMode}
          onRefused={(refused) => onRefused.current?.(refused)}
        />
      </Group>
      {description ? <Description>{description}</Description> : null}
      {errorMessage ? <FieldError>{errorMessage}</FieldError> : null}
    </RACNumberField>
  )
}

/**
 * The input, watching the two other ways RAC drops what was typed: a paste over the whole text that is
 * no number, and, on blur, text with no digit (a lone `-`), for which it puts back the last number.
 * An edit RAC accepts, or leaving the field with a number in it, ends the refusal.
 */
function NumberInput(props: {
  placeholder: string | undefined
  inputMode: HTMLAttributes<HTMLInputElement>['inputMode']
  onRefused: (refused: boolean) => void
}) {
  const state = useContext(NumberFieldStateContext)
  const readable = (text: string) => state?.validate(text) ?? true
  return (
    <RACInput
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      onChange={() => props.onRefused(false)}
      onPaste={(event) => {
        const pasted = event.clipboardData.getData('text/plain').trim()
        if (pasted !== '' && !(readable(pasted) && hasDigit(pasted))) props.onRefused(true)
      }}
      onBlur={() => {
        // `state` is this render's: the text as typed, before the blur's commit replaces it. A refused
        // keystroke was said when it happened; what stays in the field is a number, so the notice goes.
        const text = state?.inputValue.trim() ?? ''
        props.onRefused(text !== '' && !hasDigit(text))
      }}
      className="h-full w-full min-w-0 bg-transparent px-3 text-base text-slate-900 tabular-nums outline-0 placeholder:text-slate-500"
    />
  )
}

const hasDigit = (text: string) => /\p{Nd}/u.test(text)
