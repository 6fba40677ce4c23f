import { afterEach, beforeEach, vi } from 'vitest'

process.env.NODE_ENV = 'test'

/** A test that logs an error fails: cheaper than finding the bug later (STYLE.md, Tests). */
let errors: unknown[][] = []

beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length > 0) {
    const shown = errors.map((args) => args.map(String).join(' ')).join('\n')
    throw new Error(`console.error was called during the test:\n${shown}`)
  }
})
