import { type HTMLAttributes, useContext, useEffect, useRef } from 'react'
import {
  Group,
  NumberFieldStateContext,
  Input as RACInput,
  NumberField as RACNumberField,
  type NumberFieldProps as RACNumberFieldProps,
  useLocale,
} from 'react-aria-components'
import { awaitsCode, useLive } from './before-load'
import { Description, FieldError, fieldBorderStyles, Label } from './field'
import { twMerge } from './tv'
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
   * at the next accepted edit, or when the field is left holding a number. `decimals` is set when the
   * refusal was a digit past the decimal places the format shows (a third for cents): RAC would keep it
   * and round the number when the field is left (`12.555` becoming `$12.56`), changing it unsaid.
   */
  onInputRefused?: (refused: boolean, decimals?: number) => void
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
  const { locale } = useLocale()
  const decimals = useRef({ places: 3, separator: '.' })
  const format = new Intl.NumberFormat(locale, props.formatOptions)
  decimals.current = {
    places: format.resolvedOptions().maximumFractionDigits ?? 3,
    separator: format.formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.',
  }
  useEffect(() => {
    const group = groupRef.current
    // Before RAC sees it (capture, one element up): an edit that would leave more decimal places than
    // the format shows is refused and said, not kept and rounded away on blur.
    const tooPrecise = new WeakSet<Event>()
    const onBeforeInputCapture = (event: InputEvent) => {
      const input = event.target
      if (!(input instanceof HTMLInputElement) || !event.inputType.startsWith('insert')) return
      const inserted = event.data ?? event.dataTransfer?.getData('text/plain') ?? ''
      const next =
        input.value.slice(0, input.selectionStart ?? input.value.length) +
        inserted +
        input.value.slice(input.selectionEnd ?? input.value.length)
      const { places, separator } = decimals.current
      const fraction = next.split(separator)[1]?.match(/^\p{Nd}*/u)?.[0] ?? ''
      if (fraction.length <= places) return
      event.preventDefault()
      tooPrecise.add(event)
      onRefused.current?.(true, places)
    }
    // RAC refuses a keystroke that can't be part of a number by cancelling its `beforeinput` on the
    // input; here, one element up, the event arrives after RAC has decided.
    const onBeforeInput = (event: InputEvent) => {
      if (tooPrecise.has(event)) return
      if (event.inputType.startsWith('insert') && event.defaultPrevented) onRefused.current?.(true)
    }
    group?.addEventListener('beforeinput', onBeforeInputCapture, { capture: true })
    group?.addEventListener('beforeinput', onBeforeInput)
    return () => {
      group?.removeEventListener('beforeinput', onBeforeInputCapture, { capture: true })
      group?.removeEventListener('beforeinput', onBeforeInput)
    }
  }, [])
  // RAC puts its own number back over what was typed before its code ran, and the steppers need it:
  // not yet usable until then (ADR 058).
  const live = useLive()
  return (
    <RACNumberField
      {...props}
      {...awaitsCode(live, 'wait')}
      isDisabled={props.isDisabled || !live}
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
