import { resolve } from 'node:path'
import type { Generator, GeneratorPlugin, RouteNode } from '@tanstack/router-generator'
import { normalizePath, type Plugin } from 'vite'

/**
 * One route tree per site in the browser (ADR 044). The generated `routeTree.gen.ts` holds every route
 * of both sites, and the server keeps using it (one server answers both hosts). In the browser the
 * router takes the tree of the host's site (`app/router.tsx`): `app/route-tree.<site>.ts` re-exports
 * the whole tree for types and for the server, and in the client build this plugin replaces it with a
 * tree of the root route and the site's own routes, built by TanStack's generator from the same
 * crawl as the whole tree (as Start builds its client tree without server-only routes). The join
 * site's pages then load no console route definition and nothing those import.
 *
 * `generatorPlugin` goes in `tanstackStart({ router: { plugins } })` to reach the generator;
 * `vitePlugin` in Vite's plugins, before Start's. Dev keeps the whole tree (it loads modules one by one).
 */
export function siteRouteTrees(options: { appDirectory: string; sites: Record<string, string> }) {
  let generator: Generator | undefined
  const generatorPlugin: GeneratorPlugin = {
    name: 'gymbase:site-route-trees',
    init: (opts) => {
      generator = opts.generator
    },
  }
  const files = new Map(
    Object.entries(options.sites).map(([site, prefix]) => [
      normalizePath(resolve(options.appDirectory, `route-tree.${site}.ts`)),
      prefix,
    ]),
  )

  const vitePlugin: Plugin = {
    name: 'gymbase:site-route-trees',
    enforce: 'pre',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async load(id) {
      const prefix = files.get(normalizePath(id.replace(/\?.*$/, '')))
      if (prefix === undefined) return null
      if (!generator)
        throw new Error('The route generator has not started (router.plugins in vite.config.ts)')
      const crawl = await generator.getCrawlingResult()
      if (!crawl) throw new Error('No route crawl to build the site route trees from')
      const routeNodes: RouteNode[] = []
      const routeTree = crawl.acc.routeTree
        .filter((node) => isUnder(node, prefix) && !isServerOnly(node))
        .map((node) => collect(node, routeNodes))
      return {
        code: generator.buildRouteTree({
          ...crawl,
          acc: { ...crawl.acc, routeTree, routeNodes },
          config: {
            disableTypes: true,
            enableRouteTreeFormatting: false,
            routeTreeFileHeader: [],
            routeTreeFileFooter: [],
          },
        }).routeTreeContent,
        map: null,
      }
    },
  }
  return { generatorPlugin, vitePlugin }
}

function isUnder(node: RouteNode, prefix: string): boolean {
  const path = node.routePath ?? ''
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** A route file with only `server` handlers (the API's), which Start leaves out of the browser too. */
function isServerOnly(node: RouteNode): boolean {
  return node.createFileRouteProps?.has('server') === true && node.createFileRouteProps.size === 1
}

/** The node and its descendants, listed flat as the generator's accumulator holds them. */
function collect(node: RouteNode, into: RouteNode[]): RouteNode {
  const children = (node.children ?? [])
    .filter((child) => !isServerOnly(child))
    .map((child) => collect(child, into))
  into.push(node)
  return { ...node, children }
}
