import type { Key } from 'react-aria-components'

/**
 * What a list's toolbar offers, as definitions the screen gives `ListPage` (members, payments, visits,
 * staff, webhooks): each reads its value from the address and says what to write back, so the toolbar
 * knows no list. Choices are drawn in the order given; the ranges after them, on a row of their own.
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
  changes: (option: Key) => Partial<S>
  /** Whether it is offered at all (a gym filter for one gym is not). */
  shown: boolean
}

interface RangeFilter<S, Value> {
  labels: { from: string; to: string }
  /** Why a "from" after the "to" (or a "to" before the "from") is not applied. */
  messages: { from: string; to: string }
  get: (search: S) => { from: Value | undefined; to: Value | undefined }
  set: { from: (value: Value | undefined) => Partial<S>; to: (value: Value | undefined) => Partial<S> }
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

export function choiceFilter<S, Value>(definition: {
  label: string
  any: string
  choices: Array<Choice<Value>>
  get: (search: S) => Value | undefined
  set: (value: Value | undefined) => Partial<S>
  shown?: boolean
}): ChoiceFilter<S> {
  const { choices, get, set } = definition
  const idOf = (choice: Choice<Value>): Key =>
    choice.id ?? (typeof choice.value === 'number' ? choice.value : String(choice.value))
  return {
    kind: 'choice',
    label: definition.label,
    any: definition.any,
    options: choices.map((choice) => ({ id: idOf(choice), label: choice.label })),
    selected: (search) => {
      const value = get(search)
      const choice = choices.find((each) => each.value === value)
      return choice ? idOf(choice) : undefined
    },
    changes: (option) => set(choices.find((choice) => String(idOf(choice)) === String(option))?.value),
    shown: definition.shown ?? true,
  }
}

export function dayRangeFilter<S>(definition: Omit<DayRangeFilter<S>, 'kind'>): DayRangeFilter<S> {
  return { kind: 'days', ...definition }
}

export function amountRangeFilter<S>(definition: Omit<AmountRangeFilter<S>, 'kind'>): AmountRangeFilter<S> {
  return { kind: 'amounts', ...definition }
}

/** The choices of a value list with its words (`memberFilterStates` and their labels). */
export function choicesOf<Value extends string>(
  values: readonly Value[],
  labels: Record<Value, string>,
): Array<Choice<Value>> {
  return values.map((value) => ({ value, label: labels[value] }))
}

/** The choices of the user's gyms, by name. */
export function gymChoices(gyms: ReadonlyArray<{ id: number; name: string }>): Array<Choice<number>> {
  return gyms.map((gym) => ({ value: gym.id, label: gym.name }))
}
