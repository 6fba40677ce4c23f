/**
 * What a page's document may do beyond the plain page (issue 30, point 5; ADR 057): load Stripe.js and
 * its frames and API where a card is entered, use the camera where the join's photo is taken, nothing
 * more anywhere else. The server's headers (app/server/security/security-headers.server.ts) and the browser's
 * navigations (`needsOwnDocument`) both read it, so a page is always shown under its own policy.
 *
 * Paths are the router's internal ones (`/join/card-details`): the join site's pages.
 */
export type PagePolicy = 'card' | 'camera' | 'plain'

const cardPages = new Set(['/join/card-details', '/join/pay'])
const cameraPages = new Set(['/join/take-photo'])

export function pagePolicyOf(internalPath: string): PagePolicy {
  const path = internalPath.length > 1 ? internalPath.replace(/\/+$/, '') : internalPath
  if (cardPages.has(path)) return 'card'
  if (cameraPages.has(path)) return 'camera'
  return 'plain'
}

/**
 * A browser's headers belong to the document, not to the page shown in it: a navigation inside the app
 * keeps the first page's policy. So a navigation to a page of another policy (into the card step, out of
 * the photo step) loads a new document, which the server answers with that page's headers.
 */
export function needsOwnDocument(documentInternalPath: string, targetInternalPath: string): boolean {
  return pagePolicyOf(documentInternalPath) !== pagePolicyOf(targetInternalPath)
}

let nonceOnServer: (() => string | undefined) | undefined

/** The server entry hands over the request's nonce, as it does the site config (ADR 017). */
export function providePageNonce(reader: () => string | undefined): void {
  nonceOnServer = reader
}

/**
 * The request's Content-Security-Policy nonce, on the server: the router puts it on every script and
 * link it renders, and in the `csp-nonce` meta, which the browser's router reads back as it hydrates
 * (TanStack Router's own), so the browser needs nothing of ours for it.
 */
export function getPageNonce(): string | undefined {
  return nonceOnServer?.()
}
