/**
 * The layers of docs/architecture.md, checked by `npm run lint` (ADR 044): every import points down.
 *
 *   routes (app/routes, the router, the entries)
 *     └ features (screens, queries, server functions)
 *         └ components (the kit)
 *     └ server (app/server: API edge, services, billing, providers) → access → db
 *   … all of them → contracts (schemas, route objects, shared rules) → lib
 *
 * Type-only imports count too, except where a rule says otherwise: a type is a dependency a reader has
 * to follow like any other.
 */
const layer = {
  routes: '^app/(routes/|router\\.tsx|start\\.ts|server-entry\\.ts|routeTree\\.gen\\.ts)',
  features: '^app/features/',
  components: '^app/components/',
  server: '^app/server/',
  access: '^app/access/',
  db: '^app/db/',
  contracts: '^app/contracts/',
  lib: '^app/lib/',
}

/** A rule that `from` may import nothing under any of `to`. */
function forbid(name, from, to, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: layer[from] },
    to: { path: to.map((each) => layer[each]) },
  }
}

module.exports = {
  forbidden: [
    forbid(
      'features-not-server',
      'features',
      ['routes', 'server', 'access', 'db'],
      'Screens reach the server only through route objects (app/contracts/api) and the API client (app/contracts/api/client.server.ts).',
    ),
    forbid(
      'components-below-features',
      'components',
      ['routes', 'features', 'server', 'access', 'db'],
      'The kit knows no screen and no server.',
    ),
    forbid(
      'server-not-screens',
      'server',
      ['routes', 'features', 'components'],
      'The server imports contracts, never the screens that call it.',
    ),
    forbid(
      'access-not-screens',
      'access',
      ['routes', 'features', 'components'],
      'Access rules are server code.',
    ),
    {
      name: 'access-below-server',
      comment:
        'Access rules take plain values (app/access/actor.server.ts), never a request, and read the database themselves: no Hono, nothing of app/server (services take the rules’ answers, not the other way round).',
      severity: 'error',
      from: { path: layer.access },
      to: { path: [layer.server, '(^|/)node_modules/hono/'] },
    },
    forbid(
      'db-below-server',
      'db',
      ['routes', 'features', 'components', 'server', 'access'],
      'The schema knows nothing above it.',
    ),
    forbid(
      'contracts-only-lib',
      'contracts',
      ['routes', 'features', 'components', 'server', 'access', 'db'],
      'Contracts are shared by screens and server: they import only lib and each other.',
    ),
    forbid(
      'lib-at-the-bottom',
      'lib',
      ['routes', 'features', 'components', 'server', 'access', 'db', 'contracts'],
      'lib imports nothing of the app.',
    ),
    {
      name: 'no-circular',
      comment:
        'No circle of imports (type-only ones aside: the router and its generated tree name each other’s types).',
      severity: 'error',
      from: { path: '^app/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^app/routeTree\\.gen\\.ts$' },
  },
}
