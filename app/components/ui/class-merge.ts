/**
 * Tailwind class merging for the kit (`tv` and `twMerge` in ./tv.ts): the later of two classes that set
 * the same thing wins (`px-4 px-0` → `px-0`, `text-slate-700 text-slate-600` → `text-slate-600`), and a
 * shorthand set later drops the longhands before it (`px-4 p-2` → `p-2`), as tailwind-merge does. The
 * kit's variants and callers' `className`s rely on that.
 *
 * tailwind-merge knows every Tailwind class (11 kB gzip on every page); this knows the kinds of class the
 * app uses (ADR 044). `tests/unit/components/class-merge.test.ts` holds the two to the same answer for
 * every pair of classes written anywhere in `app/`, so a class of a new kind fails that test until it is
 * described here.
 */

const color = /^(inherit|current|transparent|black|white|[a-z]+-\d{2,3}|\[.+\]|\(.+\))$/
const arbitraryLength =
  /^\[(length:)?(\d|calc\(|min\(|max\(|clamp\().*\]$|^\((length:)?--.+\)$|^\[[\d.]+(px|r?em|%|vh|vw|dvh)\]$/
const sides = ['t', 'r', 'b', 'l', 's', 'e', 'x', 'y'] as const
const spacing = /^(\d+(\.\d+)?|\d+\/\d+|px|auto|full|\[.+\]|\(.+\))$/

/** The group of a class without its modifiers, or undefined for a class Tailwind does not make. */
function groupOf(base: string): string | undefined {
  const exact = exactGroups[base]
  if (exact) return exact
  if (base.startsWith('[') && base.endsWith(']') && base.includes(':')) {
    return `arbitrary:${base.slice(1, base.indexOf(':'))}`
  }
  const name = base.startsWith('-') ? base.slice(1) : base
  for (const [pattern, group] of prefixGroups) {
    const match = pattern.exec(name)
    if (match) return typeof group === 'function' ? group(match[1] ?? '', match) : group
  }
  return undefined
}

const exactGroups: Record<string, string> = {}
const add = (group: string, names: string) => {
  for (const name of names.split(' ')) exactGroups[name] = group
}
add(
  'display',
  'block inline-block inline flex inline-flex table inline-table table-caption table-cell table-column ' +
    'table-column-group table-footer-group table-header-group table-row-group table-row flow-root grid ' +
    'inline-grid contents list-item hidden',
)
add('position', 'static fixed absolute relative sticky')
add('sr', 'sr-only not-sr-only')
add('visibility', 'visible invisible collapse')
add('font-style', 'italic not-italic')
add('fvn-spacing', 'tabular-nums proportional-nums')
add('text-decoration', 'underline overline line-through no-underline')
add('text-transform', 'uppercase lowercase capitalize normal-case')
add('text-overflow', 'truncate text-ellipsis text-clip')
add('grow', 'grow')
add('shrink', 'shrink')
add('outline-w', 'outline')
add('ring-w', 'ring')
add('ring-w-inset', 'ring-inset')
add('border-w', 'border')
add('shadow', 'shadow')
add('rounded', 'rounded')
add('transition', 'transition')
add('filter', 'filter')
add('blur', 'blur')
add('backdrop-blur', 'backdrop-blur')
add('divide-x', 'divide-x')
add('divide-y', 'divide-y')
for (const side of sides) {
  exactGroups[`border-${side}`] = `border-w-${side}`
}

type Group = string | ((value: string, match: RegExpExecArray) => string | undefined)
const byValue =
  (test: RegExp, ifMatch: string, otherwise: string): Group =>
  (value) =>
    test.test(value) ? ifMatch : otherwise

const fontSizes = /^(xs|sm|base|lg|xl|\dxl)$/

const prefixGroups: Array<[RegExp, Group]> = [
  [/^inset-([xy])-/, (side) => `inset-${side}`],
  [/^inset-/, 'inset'],
  [
    /^(top|right|bottom|left|start|end)-(.+)$/,
    (side, match) => (spacing.test(match[2] ?? '') ? side : undefined),
  ],
  [/^z-/, 'z'],
  [/^order-/, 'order'],
  [/^grid-cols-/, 'grid-cols'],
  [/^grid-rows-/, 'grid-rows'],
  [/^col-(span-|auto$)/, 'col-start-end'],
  [/^col-start-/, 'col-start'],
  [/^col-end-/, 'col-end'],
  [/^flex-(row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-/, 'flex'],
  [/^grow-/, 'grow'],
  [/^shrink-/, 'shrink'],
  [/^basis-/, 'basis'],
  [/^gap-([xy])-/, (axis) => `gap-${axis}`],
  [/^gap-/, 'gap'],
  [/^justify-items-/, 'justify-items'],
  [/^justify-self-/, 'justify-self'],
  [/^justify-/, 'justify-content'],
  [/^items-/, 'align-items'],
  // Only the values there are: `self-service` is a word, not a class (tailwind-merge agrees).
  [/^self-(auto|start|end|end-safe|center|center-safe|stretch|baseline|baseline-last)$/, 'align-self'],
  [/^place-items-/, 'place-items'],
  [/^place-self-/, 'place-self'],
  [/^place-content-/, 'place-content'],
  [/^([pm])([xytrblse]?)-/, (kind, match) => `${kind}${match[2] ?? ''}`],
  [/^space-([xy])-reverse$/, (axis) => `space-${axis}-reverse`],
  [/^space-([xy])-/, (axis) => `space-${axis}`],
  [/^size-/, 'size'],
  [/^(min-w|max-w|min-h|max-h|w|h)-/, (kind) => kind],
  [
    /^text-(.+)$/,
    (value) => {
      if (fontSizes.test(value) || arbitraryLength.test(value)) return 'font-size'
      if (/^(left|center|right|justify|start|end)$/.test(value)) return 'text-alignment'
      if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return 'text-wrap'
      return color.test(value) ? 'text-color' : undefined
    },
  ],
  [
    /^font-(.+)$/,
    (value) =>
      /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/.test(value)
        ? 'font-weight'
        : /^(sans|serif|mono)$/.test(value)
          ? 'font-family'
          : undefined,
  ],
  [/^tracking-/, 'tracking'],
  [/^leading-/, 'leading'],
  [/^line-clamp-/, 'line-clamp'],
  [/^list-(inside|outside)$/, 'list-style-position'],
  [/^list-/, 'list-style-type'],
  [/^underline-offset-/, 'underline-offset'],
  [/^decoration-(solid|dashed|dotted|double|wavy)$/, 'text-decoration-style'],
  [
    /^decoration-(.+)$/,
    byValue(/^(\d+|auto|from-font|\[.*\d.*\])$/, 'text-decoration-thickness', 'text-decoration-color'),
  ],
  [/^whitespace-/, 'whitespace'],
  [/^break-(normal|words|all|keep)$/, 'break'],
  [/^wrap-/, 'wrap'],
  [/^align-/, 'vertical-align'],
  [/^bg-(.+)$/, (value) => (color.test(value) ? 'bg-color' : undefined)],
  [/^rounded-(t|r|b|l|s|e|tl|tr|br|bl|ss|se|ee|es)(-|$)/, (corner) => `rounded-${corner}`],
  [/^rounded-/, 'rounded'],
  [/^border-spacing-/, 'border-spacing'],
  [/^border-(collapse|separate)$/, 'border-collapse'],
  [/^border-(solid|dashed|dotted|double|hidden|none)$/, 'border-style'],
  [
    /^border-([trblsexy])-(.+)$/,
    (side, match) => (isWidth(match[2] ?? '') ? `border-w-${side}` : `border-color-${side}`),
  ],
  [
    /^border-(.+)$/,
    (value) => (isWidth(value) ? 'border-w' : color.test(value) ? 'border-color' : undefined),
  ],
  [/^divide-(solid|dashed|dotted|double|none)$/, 'divide-style'],
  [/^divide-([xy])-/, (axis) => `divide-${axis}`],
  [/^divide-(.+)$/, (value) => (color.test(value) ? 'divide-color' : undefined)],
  [/^outline-offset-/, 'outline-offset'],
  [/^outline-(solid|dashed|dotted|double|none|hidden)$/, 'outline-style'],
  [/^outline-(.+)$/, (value) => (isWidth(value) ? 'outline-w' : 'outline-color')],
  [/^ring-offset-/, 'ring-offset'],
  [/^ring-(.+)$/, (value) => (isWidth(value) ? 'ring-w' : 'ring-color')],
  [
    /^shadow-(.+)$/,
    (value) => (/^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(value) ? 'shadow' : 'shadow-color'),
  ],
  [/^opacity-/, 'opacity'],
  [/^cursor-/, 'cursor'],
  [/^pointer-events-/, 'pointer-events'],
  [/^select-/, 'select'],
  [/^resize/, 'resize'],
  [/^overflow-([xy])-/, (axis) => `overflow-${axis}`],
  [/^overflow-/, 'overflow'],
  [/^object-(contain|cover|fill|none|scale-down)$/, 'object-fit'],
  [/^object-/, 'object-position'],
  [/^aspect-/, 'aspect'],
  [/^transition-/, 'transition'],
  [/^duration-/, 'duration'],
  [/^ease-/, 'ease'],
  [/^delay-/, 'delay'],
  [/^animate-/, 'animate'],
  [/^translate-([xy])-/, (axis) => `translate-${axis}`],
  [/^rotate-/, 'rotate'],
  [/^scale-([xy])-/, (axis) => `scale-${axis}`],
  [/^scale-/, 'scale'],
  [/^blur-/, 'blur'],
  [/^backdrop-blur-/, 'backdrop-blur'],
  [/^caret-/, 'caret-color'],
  [/^forced-color-adjust-/, 'forced-color-adjust'],
  [/^scroll-m([xytrblse]?)-/, (side) => `scroll-m${side}`],
  [/^appearance-/, 'appearance'],
]

function isWidth(value: string): boolean {
  return /^(\d+|px)$/.test(value) || arbitraryLength.test(value)
}

const sideConflicts = (prefix: string, separator = '') => ({
  [prefix]: ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'].map((side) => `${prefix}${separator}${side}`),
  [`${prefix}${separator}x`]: [`${prefix}${separator}r`, `${prefix}${separator}l`],
  [`${prefix}${separator}y`]: [`${prefix}${separator}t`, `${prefix}${separator}b`],
})

/** Groups a class of the given group overrides besides its own. */
const conflicts: Record<string, readonly string[]> = {
  ...sideConflicts('p'),
  ...sideConflicts('m'),
  ...sideConflicts('scroll-m'),
  ...sideConflicts('border-w', '-'),
  ...sideConflicts('border-color', '-'),
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['right', 'left'],
  'inset-y': ['top', 'bottom'],
  gap: ['gap-x', 'gap-y'],
  size: ['w', 'h'],
  flex: ['basis', 'grow', 'shrink'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  overflow: ['overflow-x', 'overflow-y'],
  rounded: ['rounded-s', 'rounded-e', 'rounded-t', 'rounded-r', 'rounded-b', 'rounded-l']
    .concat(['rounded-ss', 'rounded-se', 'rounded-ee', 'rounded-es'])
    .concat(['rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl']),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'fvn-normal': ['fvn-spacing'],
}

/** Modifiers whose order changes what they mean; the others are sorted, as tailwind-merge sorts them. */
const orderSensitive =
  /^(\[.*\]|before|after|placeholder|file|marker|selection|first-line|first-letter|backdrop|\*|\*\*)$/

function sortModifiers(modifiers: string[]): string {
  const sorted: string[] = []
  let run: string[] = []
  for (const modifier of modifiers) {
    if (orderSensitive.test(modifier)) {
      sorted.push(...run.sort(), modifier)
      run = []
    } else run.push(modifier)
  }
  sorted.push(...run.sort())
  return sorted.join(':')
}

/** `hover:sm:px-4!` → modifiers, important, `px-4`: colons inside brackets and parentheses are the value's. */
function parse(className: string) {
  const modifiers: string[] = []
  let depth = 0
  let start = 0
  for (let index = 0; index < className.length; index++) {
    const char = className[index]
    if (char === '[' || char === '(') depth++
    else if (char === ']' || char === ')') depth--
    else if (char === ':' && depth === 0) {
      modifiers.push(className.slice(start, index))
      start = index + 1
    }
  }
  let base = className.slice(start)
  let important = false
  if (base.endsWith('!')) {
    important = true
    base = base.slice(0, -1)
  } else if (base.startsWith('!')) {
    important = true
    base = base.slice(1)
  }
  return { modifiers, important, base }
}

/** The class list with the classes a later one overrides left out (see the module's comment). */
export function mergeClasses(classList: string): string {
  const classes = classList.trim().split(/\s+/)
  const taken = new Set<string>()
  let result = ''
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index] ?? ''
    if (!className) continue
    const { modifiers, important, base } = parse(className)
    const slash = base.lastIndexOf('/')
    const group =
      groupOf(base) ?? (slash > 0 && !base.endsWith(']') ? groupOf(base.slice(0, slash)) : undefined)
    if (group !== undefined) {
      const scope = `${sortModifiers(modifiers)}${important ? '!' : ''}:`
      if (taken.has(scope + group)) continue
      taken.add(scope + group)
      for (const other of conflicts[group] ?? []) taken.add(scope + other)
    }
    result = result ? `${className} ${result}` : className
  }
  return result
}
