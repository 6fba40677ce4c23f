import { mergeClasses } from './class-merge'

/**
 * The kit's `tv` (variants of Tailwind classes) and `twMerge`, as tailwind-variants has them, for the
 * parts the kit uses: `base`, `slots`, `variants` (a `true`/`false` variant takes a boolean),
 * `compoundVariants`, `defaultVariants` and `extend`. Classes merge with `class-merge.ts` (ADR 044).
 *
 * Our own rather than tailwind-variants' lite build: that is 5 kB gzip on every page of both sites for
 * the same answers (`tests/unit/components/tv.test.ts` holds the two to the same classes). Import these,
 * never `tailwind-variants` itself.
 */

export type ClassValue = string | null | undefined | false | readonly ClassValue[]

type SlotClasses = Record<string, ClassValue>
type VariantClasses<S> = ClassValue | { readonly [K in keyof S]?: ClassValue }
type VariantsConfig<S> = Record<string, Record<string, VariantClasses<S>>>
type Choice<K extends string> = [K] extends ['true' | 'false'] ? boolean : K

/** The props a set of variants takes: each variant's value names, `true`/`false` ones as a boolean. */
export type VariantProps<V> = { [K in keyof V]?: Choice<keyof V[K] & string> }
type CallerClasses = { class?: ClassValue; className?: ClassValue }
type CompoundVariant<V> = VariantProps<V> & CallerClasses

interface Recipe {
  base: ClassValue
  slots: SlotClasses
  variants: VariantsConfig<SlotClasses>
  compoundVariants: readonly (Record<string, unknown> & CallerClasses)[]
  defaultVariants: Record<string, unknown>
}

/** A `tv` without slots: its props in, one class string out. */
export type Styles<V> = ((props?: VariantProps<V> & CallerClasses) => string) & { readonly recipe: Recipe }

/** A `tv` with slots: its variant props in, a class function for each slot out. */
export type SlotStyles<S, V> = (props?: VariantProps<V>) => {
  [K in keyof S | 'base']: (props?: CallerClasses) => string
}

interface Config<S, V, P> {
  extend?: Styles<P>
  base?: ClassValue
  slots?: S
  variants?: V
  compoundVariants?: readonly CompoundVariant<NoInfer<V & P>>[]
  defaultVariants?: VariantProps<NoInfer<V & P>>
}

function flatten(value: ClassValue, into: string[]): string[] {
  if (Array.isArray(value)) for (const item of value) flatten(item, into)
  else if (typeof value === 'string' && value) into.push(value)
  return into
}

/** Joins classes, the later winning a conflict (`twMerge('px-4', 'px-0')` → `px-0`). */
export function twMerge(...classes: ClassValue[]): string {
  return mergeClasses(flatten(classes, []).join(' '))
}

function isSlotClasses(value: VariantClasses<SlotClasses>): value is SlotClasses {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value name a variant takes for these props: the prop, else the default, else `false` if it has one. */
function chosen(recipe: Recipe, props: Record<string, unknown>, variant: string): string | undefined {
  const value = props[variant] ?? recipe.defaultVariants[variant]
  if (value === undefined) return recipe.variants[variant]?.false === undefined ? undefined : 'false'
  return String(value)
}

/** Every class a slot gets for these props, in tailwind-variants' order: base, variants, compounds. */
function slotClasses(recipe: Recipe, slot: string, props: Record<string, unknown>): ClassValue[] {
  const classes: ClassValue[] = [slot === 'base' ? recipe.base : recipe.slots[slot]]
  for (const variant of Object.keys(recipe.variants)) {
    const name = chosen(recipe, props, variant)
    const value = name === undefined ? undefined : recipe.variants[variant]?.[name]
    if (value === undefined) continue
    if (isSlotClasses(value)) classes.push(value[slot])
    else if (slot === 'base') classes.push(value)
  }
  if (slot !== 'base') return classes
  for (const { class: extra, className, ...when } of recipe.compoundVariants) {
    if (Object.entries(when).every(([variant, value]) => chosen(recipe, props, variant) === String(value))) {
      classes.push(extra, className)
    }
  }
  return classes
}

function recipeOf<S, V, P>(config: Config<S, V, P>): Recipe {
  const parent = config.extend?.recipe
  // The extending tv's variants come first, then those only the extended one has (tailwind-variants' order);
  // a value both name gets both's classes, the extended one's first.
  const variants: VariantsConfig<SlotClasses> = {}
  for (const [name, values] of Object.entries((config.variants ?? {}) as VariantsConfig<SlotClasses>)) {
    const merged: Record<string, VariantClasses<SlotClasses>> = { ...parent?.variants[name] }
    for (const [value, classes] of Object.entries(values)) {
      const before = merged[value]
      merged[value] =
        before === undefined || isSlotClasses(before) || isSlotClasses(classes) ? classes : [before, classes]
    }
    variants[name] = merged
  }
  for (const [name, values] of Object.entries(parent?.variants ?? {})) variants[name] ??= values
  return {
    base: [parent?.base, config.base],
    slots: (config.slots ?? {}) as SlotClasses,
    variants,
    compoundVariants: [...(parent?.compoundVariants ?? []), ...(config.compoundVariants ?? [])],
    defaultVariants: { ...parent?.defaultVariants, ...config.defaultVariants },
  }
}

export function tv<S extends SlotClasses, V extends VariantsConfig<S> = Record<never, never>>(
  config: Config<S, V, Record<never, never>> & { slots: S },
): SlotStyles<S, V>
export function tv<
  V extends VariantsConfig<undefined> = Record<never, never>,
  P extends VariantsConfig<undefined> = Record<never, never>,
>(config: Config<undefined, V, P>): Styles<V & P>
export function tv<S, V, P>(config: Config<S, V, P>): Styles<V & P> | SlotStyles<S, V> {
  const recipe = recipeOf(config)
  if (config.slots) {
    const slots = ['base', ...Object.keys(config.slots)]
    return (props = {}) =>
      Object.fromEntries(
        slots.map((slot) => [
          slot,
          ({ class: extra, className }: CallerClasses = {}) =>
            twMerge(...slotClasses(recipe, slot, props), extra, className),
        ]),
      ) as ReturnType<SlotStyles<S, V>>
  }
  const styles = ({ class: extra, className, ...props }: VariantProps<V & P> & CallerClasses = {}) =>
    twMerge(...slotClasses(recipe, 'base', props), extra, className)
  return Object.assign(styles, { recipe })
}
