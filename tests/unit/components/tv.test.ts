import { createTV } from 'tailwind-variants/lite'
import { describe, expect, it } from 'vitest'
import { mergeClasses } from '~/components/ui/class-merge'
import { tv, twMerge, type VariantProps } from '~/components/ui/tv'

// The kit's own `tv` against tailwind-variants' (with the same class merge): the same classes for every
// combination of props, for each feature the kit uses.
const theirs = createTV({ twMerge: mergeClasses })

const ring = {
  base: 'outline-0 outline-offset-2 focus-visible:outline-2',
  variants: { isFocusVisible: { true: 'outline-2' } },
} as const

const button = {
  base: ['inline-flex items-center', 'rounded-md border px-4'],
  variants: {
    variant: { primary: 'bg-accent-600 text-white', quiet: ['bg-transparent', 'text-slate-700'] },
    size: { sm: 'h-8 px-3', md: 'h-10 px-4', lg: 'h-12 px-5' },
    isIconOnly: { true: 'px-0' },
    isDisabled: { true: 'bg-slate-100', false: 'cursor-pointer' },
  },
  compoundVariants: [
    { isIconOnly: true, size: 'sm', class: 'w-8' },
    { isIconOnly: true, size: 'lg', className: 'w-12' },
    { variant: 'quiet', isDisabled: false, class: 'hover:bg-slate-100' },
  ],
  defaultVariants: { variant: 'primary', size: 'md' },
} as const

const alert = {
  slots: { root: 'flex gap-3 border p-4', icon: 'size-5', title: 'font-semibold' },
  variants: {
    tone: {
      error: { root: 'border-red-200 bg-red-50', icon: 'text-red-700' },
      info: { root: 'border-accent-200 bg-accent-50', icon: 'text-accent-700' },
    },
    isCompact: { true: { root: 'p-2', title: 'text-sm' } },
  },
  defaultVariants: { tone: 'info' },
} as const

const variantProps: VariantProps<typeof button.variants>[] = [
  {},
  { variant: 'quiet' },
  { size: 'sm', isIconOnly: true },
  { size: 'lg', isIconOnly: true, variant: 'quiet', isDisabled: false },
  { isDisabled: true, isIconOnly: false, size: 'md' },
]

describe('tv', () => {
  it.each(variantProps)('gives tailwind-variants’ classes for %o', (props) => {
    expect(tv(button)(props)).toBe(theirs(button)(props))
  })

  it('adds the caller’s classes as tailwind-variants does', () => {
    expect(tv(button)({ variant: 'quiet', isDisabled: false, className: 'px-6 text-sm' })).toBe(
      theirs(button)({ variant: 'quiet', isDisabled: false, className: 'px-6 text-sm' }),
    )
    expect(tv(button)({ size: 'sm', class: ['w-full', false, 'h-12'] })).toBe(
      theirs(button)({ size: 'sm', class: ['w-full', false, 'h-12'] }),
    )
    expect(tv(button)({ className: ['h-12', null, 'px-1'] })).toBe(
      theirs(button)({ className: ['h-12', null, 'px-1'] }),
    )
  })

  it.each(variantProps)('extends another tv as tailwind-variants does, for %o', (props) => {
    const extended = { ...button, variants: { ...button.variants, isFocusVisible: { true: 'ring-2' } } }
    const ours = tv({ extend: tv(ring), ...extended })
    const expected = theirs({ extend: theirs(ring), ...extended })
    expect(ours({ ...props, isFocusVisible: true })).toBe(expected({ ...props, isFocusVisible: true }))
    expect(ours(props)).toBe(expected(props))
  })

  it.each([{}, { tone: 'error' }, { tone: 'error', isCompact: true }, { isCompact: false }] as const)(
    'gives each slot tailwind-variants’ classes for %o',
    (props) => {
      const ours = tv(alert)(props)
      const expected = theirs(alert)(props)
      for (const slot of ['base', 'root', 'icon', 'title'] as const) {
        expect(ours[slot]()).toBe(expected[slot]())
        expect(ours[slot]({ className: 'p-1 font-normal' })).toBe(
          expected[slot]({ className: 'p-1 font-normal' }),
        )
      }
    },
  )

  it('lets the caller’s classes win a conflict', () => {
    expect(tv(button)({ size: 'lg', className: 'h-9' })).toBe(
      'inline-flex items-center rounded-md border bg-accent-600 text-white px-5 cursor-pointer h-9',
    )
    expect(twMerge('px-4 py-2', ['px-0', null], undefined)).toBe('py-2 px-0')
  })
})
