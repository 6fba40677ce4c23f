import type { Key } from 'react-aria-components'

/**
 * What a list's toolbar offers, as definitions the screen gives `ListPage` (members, payments, visits,
 * staff, webhooks): each names the address's field it reads and writes, so the toolbar knows no list.
 * Choices are drawn in the order given; the ranges after them, on a row of their own.
 */
export type ListFilter<S> = ChoiceFilter<S> | DayRangeFilter<S> | AmountRangeFilter<S>

/** One value from a short list, with "any" first (`Any state`, `All my gyms`). */
export interface ChoiceFilter<S> {
  kind: 'choice'
  label: string
  any: string
  options: Array<{ id: Key; label: string }>
  /** The option the address holds, if any. */
  selected: (search: S) => Key | undefined
  /** The address with `option` chosen (`any`: none). */
  choose: (search: S, option: Key) => S
  /** Whether it is offered at all (a gym filter for one gym is not). */
  shown: boolean
}

interface RangeFilter<S, Value> {
  labels: { from: string; to: string }
  /** Why a "from" after the "to" (or a "to" before the "from") is not applied. */
  messages: { from: string; to: string }
  get: (search: S) => { from: Value | undefined; to: Value | undefined }
  set: (search: S, end: 'from' | 'to', value: Value | undefined) => S
}

/** Two days (`DayFilter`): joined, due, visited. */
export interface DayRangeFilter<S> extends RangeFilter<S, string> {
  kind: 'days'
}

/** Two amounts in cents (`AmountFilter`), up to `max`. */
export interface AmountRangeFilter<S> extends RangeFilter<S, number> {
  kind: 'amounts'
  max: number
}

/** An option of a choice: its value in the address and its words; `id` names a yes/no's options. */
export interface Choice<Value> {
  value: Value
  label: string
  id?: Key
}

/** The address's fields that hold a `Value`. */
type FieldsOf<S, Value> = { [K in keyof S]-?: NonNullable<S[K]> extends Value ? K : never }[keyof S]

/** A choice of the address's `field` (`'state'`) among `choices`. */
export function choiceFilter<S, K extends keyof S>(
  field: K,
  definition: { label: string; any: string; choices: Array<Choice<NonNullable<S[K]>>>; shown?: boolean },
): ChoiceFilter<S> {
  const { choices } = definition
  const idOf = (choice: Choice<NonNullable<S[K]>>): Key =>
    choice.id ?? (typeof choice.value === 'number' ? choice.value : String(choice.value))
  return {
    kind: 'choice',
    label: definition.label,
    any: definition.any,
    options: choices.map((choice) => ({ id: idOf(choice), label: choice.label })),
    selected: (search) => {
      const choice = choices.find((each) => each.value === search[field])
      return choice ? idOf(choice) : undefined
    },
    choose: (search, option) => ({
      ...search,
      [field]: choices.find((choice) => String(idOf(choice)) === String(option))?.value,
    }),
    shown: definition.shown ?? true,
  }
}

/** A range of days between two of the address's fields (`['joined_from', 'joined_to']`). */
export function dayRangeFilter<S, F extends FieldsOf<S, string>, T extends FieldsOf<S, string>>(
  fields: [F, T],
  definition: Pick<DayRangeFilter<S>, 'labels' | 'messages'>,
): DayRangeFilter<S> {
  const day = (value: unknown) => (typeof value === 'string' ? value : undefined)
  return { kind: 'days', ...definition, ...rangeFields(fields, day) }
}

/** A range of amounts in cents between two of the address's fields, up to `max`. */
export function amountRangeFilter<S, F extends FieldsOf<S, number>, T extends FieldsOf<S, number>>(
  fields: [F, T],
  definition: Pick<AmountRangeFilter<S>, 'labels' | 'messages' | 'max'>,
): AmountRangeFilter<S> {
  const cents = (value: unknown) => (typeof value === 'number' ? value : undefined)
  return { kind: 'amounts', ...definition, ...rangeFields(fields, cents) }
}

/** How a range reads its two ends from the address (those of the `Value` it holds) and writes one. */
function rangeFields<S, Value>(
  [from, to]: [keyof S, keyof S],
  read: (value: unknown) => Value | undefined,
): Pick<RangeFilter<S, Value>, 'get' | 'set'> {
  return {
    get: (search) => ({ from: read(search[from]), to: read(search[to]) }),
    set: (search, end, value) => ({ ...search, [end === 'from' ? from : to]: value }),
  }
}

/** The choices of a value list with its words (`memberFilterStates` and their labels). */
export function choicesOf<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, string>,
): Array<Choice<Value>> {
  return values.map((value) => ({ value, label: labels[value] }))
}

/** The choices of the user's gyms (or offerings), by name. */
export function namedChoices(records: ReadonlyArray<{ id: number; name: string }>): Array<Choice<number>> {
  return records.map((record) => ({ value: record.id, label: record.name }))
}
