import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { twMerge } from 'tailwind-variants'
import { describe, expect, it } from 'vitest'
import { mergeClasses } from '~/components/ui/class-merge'

/**
 * The kit's class merging (`class-merge.ts`, ADR 044) gives what tailwind-merge (tailwind-variants'
 * `twMerge`, which the kit used before) gives, for the classes the app writes: every word of every string
 * in `app/` that is a Tailwind class, alone, in pairs and in longer lists.
 */
const appDirectory = join(import.meta.dirname, '../../../app')

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    if (statSync(path).isDirectory()) return name === 'server' || name === 'db' ? [] : sourceFiles(path)
    // The merging's own strings are the names of its groups, not classes.
    return /\.tsx?$/.test(name) && !name.endsWith('.gen.ts') && name !== 'class-merge.ts' ? [path] : []
  })
}

const words = new Set<string>()
for (const file of sourceFiles(appDirectory)) {
  const source = readFileSync(file, 'utf8')
  for (const literal of source.matchAll(/(['"`])((?:(?!\1)[^\n\\])*)\1/g)) {
    for (const word of (literal[2] ?? '').split(/[\s${}'"]+/)) if (word) words.add(word)
  }
}
// A word is a class when tailwind-merge drops its repeat (it keeps every repeat of what it doesn't know).
const classes = [...words].filter((word) => twMerge(`${word} ${word}`) === word).sort()

describe('the kit’s class merging', () => {
  it('finds the app’s classes', () => {
    expect(classes.length).toBeGreaterThan(400)
    expect(classes).toContain('px-4')
  })

  it('knows a class where tailwind-merge does, and nothing else', () => {
    const differing = [...words].filter(
      (word) => mergeClasses(`${word} ${word}`) !== twMerge(`${word} ${word}`),
    )
    expect(differing).toEqual([])
  })

  it('keeps or drops the earlier of every two of the app’s classes as tailwind-merge does', () => {
    const differing: string[] = []
    for (const first of classes) {
      for (const second of classes) {
        const pair = `${first} ${second}`
        if (mergeClasses(pair) !== twMerge(pair)) differing.push(`${pair} → ${twMerge(pair)}`)
      }
    }
    expect(differing).toEqual([])
  }, 60_000)

  it('merges longer lists of them as tailwind-merge does', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...classes), { minLength: 3, maxLength: 12 }), (list) => {
        const joined = list.join(' ')
        expect(mergeClasses(joined)).toBe(twMerge(joined))
      }),
      { numRuns: 5000 },
    )
  })
})
