import { normalizePath, type Plugin } from 'vite'

/**
 * Start's client for server functions (the RPC client: `createClientRpc`, its fetcher and seroval's JSON
 * reader and writer, 12–14 kB gzip) loaded on the first server function call, not with every page
 * (ADR 048). The join site calls none: its pages reach `/api` themselves (`app/contracts/api/call.ts`).
 * The console's server functions import it as before; only the hydration's adapter for a server function
 * sent in a page's data (which this app never sends) imports it statically, and is changed here to import
 * it when such a function is called. The build fails if Start's module no longer reads as expected.
 */
export function serverFunctionClientOnCall(): Plugin {
  const adapter = '/@tanstack/start-client-core/dist/esm/client/ServerFunctionSerializationAdapter.js'
  const staticImport = 'import { createClientRpc } from "../client-rpc/createClientRpc.js";\n'
  const eagerCall = 'fromSerializable: ({ functionId }) => createClientRpc(functionId)'
  const onCall = [
    'fromSerializable: ({ functionId }) => Object.assign(',
    '(...args) => import("../client-rpc/createClientRpc.js").then(({ createClientRpc }) => createClientRpc(functionId)(...args)),',
    '{ url: process.env.TSS_SERVER_FN_BASE + functionId, serverFnMeta: { id: functionId }, [TSS_SERVER_FUNCTION]: true })',
  ].join(' ')
  return {
    name: 'gymbase:server-function-client-on-call',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!normalizePath(id).endsWith(adapter)) return null
      if (!code.includes(staticImport) || !code.includes(eagerCall)) {
        throw new Error(
          `${id} no longer reads as scripts/vite/server-function-client-on-call.ts expects: check it against this Start version`,
        )
      }
      return { code: code.replace(staticImport, '').replace(eagerCall, onCall), map: null }
    },
  }
}
