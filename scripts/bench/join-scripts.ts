/**
 * The JavaScript a browser loads on a first visit to each join-site page, gzip-compressed, as built by
 * `npm run build`. For every route under `/join` it takes the start manifest's preloads of the route and
 * its parents (what the server puts in the page's head) and the join site's route tree, which the router
 * loads by host as it starts (ADR 044), then every static import they name; other dynamic imports load
 * later (on navigation, or with the first toast) and are left out. The browser test
 * `tests/e2e/join-scripts.spec.ts` checks these figures against what Chromium really downloads.
 *
 * Used by `npm run bench:join-size` and by that test, which fails when a page grows past its ceiling.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'

/** Issue 14's aim for every join page. Not met yet: ADR 044 says why and what it would take. */
export const TARGET_KB = 150

/**
 * What each page may load today (kB gzip): the measured size after ADR 024's cuts, rounded up. A change
 * that adds to a page's scripts has to fit here or lower the ceiling's cause elsewhere; a change that
 * saves lowers the ceiling with it. Raised by 1 kB on the form pages for issue 15's console routes, and
 * by 1 kB on three pages for issue 16's payments and visits lists, and by 1 kB on twelve pages for issue
 * 17's gym set-up (the card payments callback and sandbox onboarding routes, the gym logo on `/`), and by
 * about 1 kB on seventeen pages for issue 17's staff screens and door tap page: every route's definition is
 * in the one route tree both sites load (ADR 024, "Where the rest is"). Issue 25: +1 kB on eight pages
 * (0.1–0.5 kB measured: the change-payment-method route's definition, the session's gym_takes_cards;
 * the card form's number grouping adds about 0.6 kB to /card-details, /pay and /pay-bank). Then set to
 * what was measured once small shared chunks were copied into their readers (ADR 035): 1–2 kB lower on
 * twelve pages (fewer, larger files compress better), 1 kB higher on /card-connected,
 * /bank-account-connected and /welcome-to-gym (0.1–0.7 kB measured: a copy of a shared module). Issue 26:
 * +1 kB on /pay-bank (0.3 kB measured, from 259.8 to 260.1; /pay and /card-details grew 0.4 kB within
 * theirs): the card form asks for its setup as it opens and shows Stripe's form when the answer names
 * Stripe. Stripe.js and its React bindings are not in it: they load by a dynamic import, on a Stripe
 * setup only (ADR 041). Issue 26's card approval on the payment link (ADR 042): +1 kB on /pay-bank
 * (261.2 measured; /pay stayed under its 262 at 261.6), which loads the pay page's code: the bank check's
 * loop, the sandbox bank's dialog and Stripe.js's `handleNextAction` load by a dynamic import, only when
 * a charge waits, and what stays is the Pay press's hand-over to them. Three ways of not loading the pay
 * page's code on /pay-bank were measured: each reshuffled the shared chunks and added 1.1 kB to 19 pages.
 * Then 1 kB lower on /card-details, /connect-akahu and /pay-bank (245.9, 186.7, 260.9 measured): the
 * webhooks screen's filters read their two value lists from a module of their own, so the route tree
 * every page loads no longer carries all of `enums.ts` (0.43 kB gzip off every page). Issue 27 (ADR 044):
 * the join forms check in the browser with plain rules (`form-rules.ts`, held to the zod schemas' words by
 * a test) through a light form (`light-form.tsx`), so no zod and no TanStack Form: 42–45 kB lower on the
 * ten form pages (/login 242.1 → 199.7). Then one route tree per site in the browser (the join site's,
 * loaded by host as the router starts, is counted): 7–14 kB lower on every page (/legal/privacy-policy
 * 186.4 → 172.4), no console route definitions nor what they import. Then the kit's classes merged by
 * `class-merge.ts` (held to tailwind-merge by a test) instead of tailwind-merge's engine: 8.4 kB lower on
 * every page (/legal/privacy-policy 172.4 → 164.0). Then the kit's own `tv` (held to tailwind-variants by
 * a test): 4.9 kB lower on every page (/legal/privacy-policy 164.0 → 159.1). Then the framework (React,
 * the router, Start's client, Query, seroval) as one chunk of plain modules instead of copies wrapped for
 * lazy start: 5–6 kB lower on every page (/legal/privacy-policy 159.6 → 154.5). Then no query cache on the
 * join site (the session in a store of its own, the steps' reads as the router's loader data): 10–11 kB
 * lower on every page (/legal/privacy-policy 154.8 → 144.4, /welcome-to-gym 160.1 → 149.8). Then each
 * light form field in a module of its kind, so a page with text fields only loads no checkbox nor date
 * field: 4–6 kB lower on the sign-in pages, /card-details and / (/login 164.0 → 158.6). Then dates read
 * and shown with the platform's Intl (`app/lib/dates.ts`, held to @internationalized/date's answers by a
 * test; a plain day's first moment in Auckland stays on the library in `instants.ts`, which no join page
 * imports): 4.2–4.6 kB lower on /pay, /pay-bank, /welcome-to-gym and /confirm-subscription (/pay
 * 193.5 → 189.3). Then the console's "remember this browser" given to the code page by the console's
 * route: 4.7 kB lower on /verification-code (163.4 → 158.7). Then the join pages call `/api` themselves
 * through the route objects, which the browser gets as their method and path, and Start's client for
 * server functions loads with the console's first call of one (ADR 048): 4.8–5.5 kB lower on every page
 * (measured before the steps above: /legal/privacy-policy 154.5 → 149.4, /pay 193.5 → 188.3). The pages
 * over the 150 kB aim are listed in ADR 049; each ceiling is its page's measured figure rounded up to a
 * whole kB. Issue 28 added the member's account, seven join routes whose definitions every join page's
 * route tree holds: 0.3–0.9 kB more on every page, the ceilings raised to what was measured (ADR 050).
 */
export const CEILING_KB: Record<string, number> = {
  // Issue 30 (ADRs 057, 058): controls that keep what is done before the page's code runs (the hooks
  // are 0.37 kB gzip in the button chunk), and the switch to a document of its own for the card and photo
  // steps (0.07 kB in the framework chunk), after 0.2 kB taken back on every page (React Aria's own
  // `useIsSSR` and `mergeRefs`, the nonce and the site config left to the server). Eight pages are still
  // over what they were and go up 1 kB, measured: /confirm-subscription 169.45, /account/details 160.32,
  // /account/payments 148.27, /connect-akahu 146.25, /choose-payment-method 148.20, /pay-bank 174.05,
  // /change-payment-method 148.05, /about-you 162.01. The others are back at their earlier ceilings.
  // The member's payments and papers, and Pay now (issue 28): 147.3 measured.
  // The member's account (issue 28, ADR 050): the overview (142.0 measured, rounding up past it) and the saved ways to pay
  // (148.5); the index route's path keeps its slash.
  '/account/': 143,
  '/account/payment-methods': 149,
  '/account/payments': 149,
  '/': 166,
  '/about-you': 163,
  // The member's account, "Pause or cancel" (issue 28): the pause's date fields, the cancel's reasons
  // (React Aria's DateField and RadioGroup) and the shared words of the membership actions.
  '/account/membership': 173,
  // The member's account: what it costs, ahead and so far (issue 28; the calendar and charts in CSS,
  // no chart library): 142.3 kB measured.
  '/account/costs': 143,
  // The member's own details (issue 28): contact, e-mail, password, devices, their data, closing.
  '/account/details': 161,
  '/bank-account-connected': 160,
  '/card-connected': 160,
  '/card-details': 159,
  '/choose-payment-method': 149,
  // A joined member's change of how they pay, agreed before it happens (issue 25).
  '/change-payment-method': 149,
  '/confirm-subscription': 170,
  '/connect-akahu': 147,
  // The link sent to a member's new e-mail address (issue 28).
  '/confirm-email': 144,
  '/take-photo': 147,
  '/welcome-to-gym': 142,
  '/finish-joining': 155,
  '/forgot-password': 155,
  '/legal/privacy-policy': 141,
  '/login': 155,
  // The payment link's page: the card form, the saved methods and the outcome (issue 16). Issue 28: +1 kB
  // (173.6 measured) for the way back to the member's account when they came from it.
  '/pay': 175,
  // Back from the bank to the payment link: the pay page's code, loaded ahead of going back to it.
  '/pay-bank': 175,
  '/reset-password': 155,
  '/sandbox-bank/consent': 155,
  '/verification-code': 155,
}

export interface PageScripts {
  /** The page's path on the join site (`/about-you`). */
  page: string
  /** The scripts' paths as the browser asks for them (`/assets/…js`). */
  scripts: string[]
  gzipKb: number
}

const root = resolve(import.meta.dirname, '../..')
const client = join(root, 'dist/client')

export async function measureJoinPages(): Promise<PageScripts[]> {
  const manifestFile = readdirSync(join(root, 'dist/server/assets')).find((file) =>
    file.startsWith('_tanstack-start-manifest'),
  )
  if (!manifestFile) throw new Error('No start manifest in dist/server/assets: run npm run build first')
  const { tsrStartManifest } = await import(
    pathToFileURL(join(root, 'dist/server/assets', manifestFile)).href
  )
  const routes: Record<string, { children?: string[]; preloads?: string[] }> = tsrStartManifest().routes

  const parentOf = new Map<string, string>()
  for (const [id, route] of Object.entries(routes)) {
    for (const child of route.children ?? []) parentOf.set(child, id)
  }
  const chain = (id: string): string[] => {
    const parent = parentOf.get(id)
    return parent ? [...chain(parent), id] : [id]
  }

  const gzipped = new Map<string, number>()
  const gzipKb = (asset: string): number => {
    let size = gzipped.get(asset)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(client, asset)), { level: 9 }).length / 1024
      gzipped.set(asset, size)
    }
    return size
  }

  // The join site's routes, imported by `getRouter` on the join host (app/router.tsx).
  const siteTree = readdirSync(join(client, 'assets')).find(
    (file) => file.startsWith('route-tree.join-') && file.endsWith('.js'),
  )
  if (!siteTree) throw new Error('No route-tree.join chunk in dist/client/assets (ADR 044)')

  const loadedScripts = (id: string): string[] => {
    const pending = [
      ...chain(id).flatMap((routeId) => routes[routeId]?.preloads ?? []),
      `/assets/${siteTree}`,
    ]
    const seen = new Set<string>()
    while (pending.length > 0) {
      const asset = pending.pop()
      if (!asset || seen.has(asset) || !asset.endsWith('.js')) continue
      seen.add(asset)
      const code = readFileSync(join(client, asset), 'utf8')
      for (const match of code.matchAll(
        /(?:^|[;\n}])\s*import\s*(?:[^'"]*?from\s*)?["'](\.\/[^"']+\.js)["']/g,
      )) {
        pending.push(`/assets/${(match[1] ?? '').slice(2)}`)
      }
    }
    return [...seen].sort()
  }

  // The pages: routes under /join that render a screen (layouts have children).
  return Object.entries(routes)
    .filter(([id, route]) => id.startsWith('/join') && !route.children?.length)
    .map(([id]) => id)
    .sort()
    .map((id) => {
      const scripts = loadedScripts(id)
      return {
        page: id.replace(/^\/join/, '').replace('/_member', '') || '/',
        scripts,
        gzipKb: scripts.reduce((total, asset) => total + gzipKb(asset), 0),
      }
    })
}

/** Pages over their ceiling, and pages with none (a new page must be given one). */
export function overCeiling(pages: PageScripts[]): string[] {
  return pages.flatMap((page) => {
    const ceiling = CEILING_KB[page.page]
    if (ceiling === undefined) return [`${page.page} has no ceiling in scripts/bench/join-scripts.ts`]
    return page.gzipKb > ceiling
      ? [`${page.page} loads ${page.gzipKb.toFixed(1)} kB gzip, over ${ceiling} kB`]
      : []
  })
}
