/**
 * The join site's routes in the browser: the root and `/join/**` only (ADR 044). This file is the whole
 * tree for types and for the server; the client build replaces it (scripts/vite/site-route-trees.ts).
 */
export { routeTree } from './routeTree.gen'
