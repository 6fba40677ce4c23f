import { createCN, createTV } from 'tailwind-variants/lite'
import { mergeClasses } from './class-merge'

/**
 * tailwind-variants' `tv` and a `twMerge` for the kit, merging with `class-merge.ts` instead of the
 * bundled tailwind-merge (ADR 044): the same answers for the app's classes, 11 kB gzip less on every page.
 * Import these, never `tailwind-variants` itself.
 */
export const tv = createTV({ twMerge: mergeClasses })

/** Joins classes, the later winning a conflict (`twMerge('px-4', 'px-0')` → `px-0`). */
export const twMerge = createCN({ twMerge: mergeClasses }) as (
  ...classes: Array<string | undefined | null | false>
) => string
