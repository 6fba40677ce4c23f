import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  server: { port: Number(process.env.PORT ?? 3000), allowedHosts: ['.localhost'] },
  plugins: [
    tailwindcss(),
    tanstackStart({
      srcDirectory: 'app',
      server: { entry: 'server-entry.ts' },
      // Server code never reaches the browser (ADR 017): a client-side import of a server module fails the
      // build, once tree-shaking has dropped what the compiler stripped (server function handlers,
      // isomorphic functions' server branches). The value lists of app/db/schema/enums.ts import nothing
      // and are the contracts' and the screens' as much as the database's.
      importProtection: {
        behavior: { build: 'error' },
        client: {
          files: ['**/*.server.*', 'app/server/**', 'app/db/**'],
          excludeFiles: ['**/node_modules/**', 'app/db/schema/enums.ts'],
        },
      },
      // Loaders and loading states are split out like the pages themselves: left in, every route's
      // loader and pending component (and what they import: queries, server functions) would be in the
      // entry chunk every page loads, the join site's included (ADR 024). On a first visit the server has
      // run the loaders, so the split adds no request; on navigation it loads beside the component.
      router: {
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader'],
            ['component'],
            ['pendingComponent'],
            ['errorComponent'],
            ['notFoundComponent'],
          ],
        },
      },
    }),
    // Start's plugin must come before React's.
    viteReact(),
  ],
})
