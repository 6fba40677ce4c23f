import { CircleAlert } from 'lucide-react'
import { type ClipboardEvent, type Ref, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { Group, TextField as RACTextField } from 'react-aria-components'
import { Input, Label } from './field'
import { twMerge } from './tv'

export interface DateFieldProps {
  label: string
  description?: string
  /** The message under the field; when set the three boxes are marked invalid. */
  errorMessage?: string
  /**
   * `YYYY-MM-DD` as typed, '' while all three boxes are empty. A date that doesn't exist (31/02) or is
   * half typed stays as typed, e.g. `1990-02-31`, so validation refuses it instead of the field
   * quietly moving it to another day.
   */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  name?: string
  isRequired?: boolean
  isDisabled?: boolean
  /** `bday` for a date of birth: the browser's autofill fills day, month and year. */
  autoComplete?: 'bday'
  className?: string
  /** The day box, so a form can scroll to and focus its first invalid field. */
  ref?: Ref<HTMLInputElement>
}

interface Parts {
  day: string
  month: string
  year: string
}

const emptyParts: Parts = { day: '', month: '', year: '' }

/**
 * A date typed as day, month and year in three boxes (en-NZ order; the pattern GOV.UK found people get
 * right most often), e.g. a date of birth. Nothing is corrected behind the person's back: 31/02 is kept
 * as typed and refused by the form's validation (issue 13), where a segmented date field would have
 * turned it into 28/02. A pasted "21/03/1990" or "1990-03-21" fills all three boxes.
 */
export function DateField(props: DateFieldProps) {
  const labelId = useId()
  const descriptionId = useId()
  const errorId = useId()
  const groupRef = useRef<HTMLDivElement>(null)
  const [parts, setParts] = useState<Parts>(() => partsOf(props.value))
  // The form may set the value itself (a reset, a saved draft): take it over unless it is what we sent.
  // (Compared as the boxes would show it, so a value the boxes can't show never loops.)
  if (props.value !== textOf(parts) && textOf(partsOf(props.value)) !== textOf(parts)) {
    setParts(partsOf(props.value))
  }
  useDigitsTypedBeforeLoad(groupRef, (typed) => {
    setParts(typed)
    props.onChange(textOf(typed))
  })
  const isInvalid = props.errorMessage !== undefined
  const describedBy =
    [props.description ? descriptionId : null, isInvalid ? errorId : null].filter(Boolean).join(' ') ||
    undefined

  const change = (next: Parts) => {
    setParts(next)
    props.onChange(textOf(next))
  }
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = partsOfPasted(event.clipboardData.getData('text'))
    if (!pasted) return
    event.preventDefault()
    change(pasted)
  }
  const box = (part: keyof Parts, label: string, width: string, ref?: Ref<HTMLInputElement>) => (
    <RACTextField
      value={parts[part]}
      onChange={(text) =>
        change({ ...parts, [part]: text.replace(/\D/g, '').slice(0, part === 'year' ? 4 : 2) })
      }
      onBlur={props.onBlur}
      isInvalid={isInvalid}
      isDisabled={props.isDisabled}
      isRequired={props.isRequired}
      validationBehavior="aria"
      aria-describedby={describedBy}
      className="flex flex-col gap-1"
    >
      <Label className="font-normal text-slate-700">{label}</Label>
      <Input
        ref={ref}
        inputMode="numeric"
        autoComplete={props.autoComplete ? `${props.autoComplete}-${part}` : 'off'}
        maxLength={part === 'year' ? 4 : 2}
        onPaste={onPaste}
        className={width}
      />
    </RACTextField>
  )

  return (
    <Group
      ref={groupRef}
      aria-labelledby={labelId}
      isInvalid={isInvalid}
      isDisabled={props.isDisabled}
      className={twMerge('flex flex-col gap-1.5', props.className)}
    >
      <span id={labelId} className="w-fit font-medium text-slate-900 text-sm">
        {props.label}
      </span>
      {props.description ? (
        <span id={descriptionId} className="text-slate-600 text-sm">
          {props.description}
        </span>
      ) : null}
      <div className="flex gap-3">
        {box('day', 'Day', 'w-16', props.ref)}
        {box('month', 'Month', 'w-16')}
        {box('year', 'Year', 'w-24')}
      </div>
      {isInvalid ? (
        <span id={errorId} className="flex items-start gap-1.5 text-red-700 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{props.errorMessage}</span>
        </span>
      ) : null}
    </Group>
  )
}

/**
 * Digits typed into the server-rendered boxes before the page's code ran are in the boxes but not in
 * React's state: take them over once, when the field comes alive (as the text fields do).
 */
function useDigitsTypedBeforeLoad(
  groupRef: RefObject<HTMLDivElement | null>,
  onTyped: (parts: Parts) => void,
) {
  const callback = useRef(onTyped)
  callback.current = onTyped
  useEffect(() => {
    const [day, month, year] = [...(groupRef.current?.querySelectorAll('input') ?? [])].map(
      (input) => input.value,
    )
    if (day || month || year) callback.current({ day: day ?? '', month: month ?? '', year: year ?? '' })
  }, [groupRef])
}

/** The three boxes as the form's text: '' when all are empty, else `YYYY-MM-DD`, a lone digit zero-padded. */
function textOf(parts: Parts): string {
  if (!parts.day && !parts.month && !parts.year) return ''
  const pad = (text: string) => (text.length === 1 ? `0${text}` : text)
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`
}

function partsOf(value: string): Parts {
  const match = /^(\d*)-(\d*)-(\d*)$/.exec(value)
  if (!match) return emptyParts
  return { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' }
}

/** "21/03/1990", "21.3.1990", "21 03 1990" (en-NZ order) or "1990-03-21"; anything else pastes as text. */
function partsOfPasted(text: string): Parts | undefined {
  const trimmed = text.trim()
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed)
  if (iso) return { year: iso[1] ?? '', month: iso[2] ?? '', day: iso[3] ?? '' }
  const local = /^(\d{1,2})[/. -](\d{1,2})[/. -](\d{4})$/.exec(trimmed)
  if (local) return { day: local[1] ?? '', month: local[2] ?? '', year: local[3] ?? '' }
  return undefined
}
