import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['./tests/setup/fail-on-console-error.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/scenarios/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./tests/setup/fail-on-console-error.ts'],
          // A fresh database per file; PGlite's WASM start-up is the slow part, not the queries.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
