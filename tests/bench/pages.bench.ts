import { writeFileSync } from 'node:fs'
import type { Browser, BrowserContext, Cookie, Locator, Page } from '@playwright/test'
import { consoleUrl, joinUrl, otherUrl } from '../../playwright.config'
import { signInStaff } from '../e2e/support/auth'
import { enterCard, fillAboutYou, signUpThroughScreens, takePhoto } from '../e2e/support/join'
import { expect, test } from '../e2e/support/test'

/**
 * `npm run bench:pages` (issue 25, point 13: every screen within 1 s on a quiet machine). For every
 * console screen and every join step, on the demo data and the embedded database:
 *   - first load: a new browser context (empty cache, the session cookie only), `goto` to
 *       content: the screen's own figures visible, no skeleton left (what a person waits for);
 *       hydrated: React has taken the page over (`data-hydrated`), so a press does something;
 *       load: the browser's load event (`loadEventEnd` of the navigation entry);
 *   - navigation: in a page already open on another screen, a client-side navigation (the router's
 *     `navigate`, what a link does) to the content.
 * Each round opens the screens in turn, so no screen's data is in the client's cache when it is
 * navigated to. Prints the median and worst of ROUNDS (default 5) per screen and mode, and writes them
 * as JSON to BENCH_OUT when set. Asserts the 1 s only with BENCH_CHECK=1, on a quiet machine: on a
 * busy one (other builds and tests on its two cores) every figure grows with the load (ADR 033).
 */
const rounds = Number(process.env.ROUNDS ?? 5)
const timeout = 30_000

interface Screen {
  name: string
  site: 'console' | 'join'
  /** The address as a person sees it (the join site's and the console's own paths). */
  path: string
  /** Playwright's check that the screen's content is there (it fails the run when it never is). */
  content: (page: Page) => Promise<void>
  /** The same content as the page itself checks it on every animation frame, to time it (see `watch`). */
  marks: Mark[]
}

/**
 * What a screen's content is, checked inside the page on every animation frame (just before the browser
 * paints), so its time is the page's own: the moment the content is there to be painted. Timing
 * Playwright's waits instead adds their round trips to the browser, which queue behind the page's own
 * work while it loads (150–200 ms for each wait on a first load, measured).
 */
type Pattern = string | { source: string; flags: string }
type Mark =
  | { h1: Pattern }
  | { heading: Pattern }
  | { text: Pattern }
  | { link: Pattern }
  | { label: string; value?: string }
  | { notBusy: true }

/** What the watcher keeps on the page's window (the router declares its own `__TSR_ROUTER__`). */
declare global {
  interface Window {
    __benchWatch: (marks: Mark[], from: number) => void
    __benchContentAt?: number
    __benchHydratedAt?: number
  }
}

const pattern = (value: string | RegExp): Pattern =>
  typeof value === 'string' ? value : { source: value.source, flags: value.flags }

// Waits poll on every animation frame (`waitFor`, `waitForFunction`), not on `expect`'s back-off
// (100, 250, 500, 1000 ms…), which would add up to a second to what is measured.
const visible = (locator: Locator) => locator.first().waitFor({ state: 'visible', timeout })
const noSkeleton = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { polling: 'raf', timeout })
const heading = (name: string | RegExp): Pick<Screen, 'content' | 'marks'> => ({
  content: async (page) => {
    await visible(page.getByRole('heading', { level: 1, name }))
    await noSkeleton(page)
  },
  marks: [{ h1: pattern(name) }, { notBusy: true }],
})
const headingAnd = (name: string | RegExp, text: string | RegExp): Pick<Screen, 'content' | 'marks'> => ({
  content: async (page) => {
    await visible(page.getByRole('heading', { level: 1, name }))
    await visible(page.getByText(text))
    await noSkeleton(page)
  },
  marks: [{ h1: pattern(name) }, { text: pattern(text) }, { notBusy: true }],
})

/**
 * Installed in every page of a measured context: `__benchWatch(marks, from)` checks the marks on every
 * animation frame and records in `__benchContentAt` the first frame's time (the page's clock) at which
 * all hold, less `from`. A first load starts it from the init script itself (from 0: the navigation's
 * start); a navigation starts it just before the router is asked to navigate.
 */
function installWatcher(first: Mark[] | null) {
  const win = window
  const matches = (value: string, want: Pattern) => {
    const text = value.replace(/\s+/g, ' ').trim()
    // As Playwright's own: a string is found anywhere in the text, whatever its case.
    return typeof want === 'string'
      ? text.toLowerCase().includes(want.toLowerCase())
      : new RegExp(want.source, want.flags).test(text)
  }
  const shown = (element: Element) => element.getClientRects().length > 0
  const any = (selector: string, want: Pattern) =>
    [...document.querySelectorAll(selector)].some((el) => shown(el) && matches(el.textContent ?? '', want))
  const ownText = (want: Pattern) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (
        parent &&
        !/^(SCRIPT|STYLE|TEMPLATE)$/.test(parent.tagName) &&
        matches(parent.textContent ?? '', want)
      )
        if (shown(parent)) return true
    }
    return false
  }
  const holds = (mark: Mark): boolean => {
    if ('h1' in mark) return any('h1', mark.h1)
    if ('heading' in mark) return any('h1, h2, h3, h4, h5, h6', mark.heading)
    if ('text' in mark) return ownText(mark.text)
    if ('link' in mark) return any('a', mark.link)
    if ('label' in mark) {
      return [...document.querySelectorAll('label')].some((label) => {
        if (!(label.textContent ?? '').includes(mark.label)) return false
        const control = (label.control ?? document.getElementById(label.htmlFor)) as HTMLInputElement | null
        return Boolean(
          control && shown(control) && (mark.value === undefined || control.value === mark.value),
        )
      })
    }
    return !document.querySelector('[aria-busy="true"]')
  }
  // Checked only on frames after the document changed, so the watch adds little to the page's own work.
  let changed = true
  new MutationObserver(() => {
    changed = true
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  win.__benchWatch = (marks, from) => {
    win.__benchContentAt = undefined
    changed = true
    const check = () => {
      const now = performance.now()
      if (changed && document.body) {
        changed = false
        if (marks.every(holds)) {
          win.__benchContentAt = now - from
          return
        }
      }
      requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  }
  if (first) {
    win.__benchWatch(first, 0)
    // The root marks <html data-hydrated> once React has taken the page over.
    const observer = new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated !== 'true') return
      win.__benchHydratedAt = performance.now()
      observer.disconnect()
    })
    // (The init script runs before <html> exists: the document is watched.)
    observer.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] })
  }
}

/** The time `__benchWatch` recorded, once Playwright has seen the content too. */
const contentAt = (page: Page) =>
  page
    .waitForFunction(() => window.__benchContentAt, null, { timeout })
    .then((handle) => handle.jsonValue() as Promise<number>)

interface Ids {
  memberId: number
  memberName: string
  offeringId: number
  gymId: number
  staffId: number
  staffName: string
  gymName: string
  gymUuid: string
}

function consoleScreens(ids: Ids): Screen[] {
  const screen = (name: string, path: string, check: Pick<Screen, 'content' | 'marks'>): Screen => ({
    name,
    site: 'console',
    path,
    ...check,
  })
  return [
    screen('dashboard', '/dashboard', {
      content: async (page) => {
        await visible(page.getByText(/^\d[\d,]* in total$/))
        await visible(page.getByText(/payments since/))
        await noSkeleton(page)
      },
      marks: [
        { text: pattern(/^\d[\d,]* in total$/) },
        { text: pattern(/payments since/) },
        { notBusy: true },
      ],
    }),
    screen('members', '/members', headingAnd('Members', /of [\d,]+ members$/)),
    screen('member', `/members/${ids.memberId}`, headingAnd(ids.memberName, 'Contact')),
    screen('member activity', `/members/${ids.memberId}/activity`, heading(`${ids.memberName}: activity`)),
    screen('add member', '/members/create', heading('Add member')),
    screen('change price', '/members/change-price', heading('Change price')),
    screen('payments', '/payments', headingAnd('Payments', /of [\d,]+ payments?$/)),
    screen('visits', '/visits', headingAnd('Visits', /of [\d,]+ visits?$/)),
    screen('offerings', '/offerings', headingAnd('Offerings', '24/7 Access')),
    screen('offering', `/offerings/${ids.offeringId}`, headingAnd('24/7 Access', '$79.00')),
    screen('edit offering', `/offerings/${ids.offeringId}/edit`, heading(/Edit/)),
    screen('new offering', '/offerings/create', heading('New offering')),
    screen('staff', '/staff', headingAnd('Staff', 'owner@demo.gymbase.nz')),
    screen('staff member', `/staff/${ids.staffId}`, heading(ids.staffName)),
    screen('gyms', '/gyms', heading('Gyms')),
    screen('gym', `/gyms/${ids.gymId}`, heading(ids.gymName)),
    screen('settings', '/organisation/settings', heading('Organisation settings')),
    screen('pro rata', '/calculate-pro-rata', heading('Calculate pro rata')),
    screen('try a door', '/doors/tap', heading('Try a door')),
    screen('webhooks', '/webhooks', heading('Webhooks')),
    screen('active user debugging', '/active-user-debugging', heading('Active members')),
    screen('expected payments debugging', '/expected-payments-debugging', heading('Expected payments')),
  ]
}

/** The join site: the start, a gym chosen (the register form), signing in, and the steps of joining. */
function guestJoinScreens(ids: Ids): Screen[] {
  const screen = (name: string, path: string, check: Pick<Screen, 'content' | 'marks'>): Screen => ({
    name,
    site: 'join',
    path,
    ...check,
  })
  return [
    screen('join: choose a gym', '/', {
      content: (page) => visible(page.getByRole('link', { name: /Ponsonby/ })),
      marks: [{ link: pattern(/Ponsonby/) }],
    }),
    screen('join: gym chosen', `/?gym=${ids.gymUuid}`, {
      content: async (page) => {
        await visible(page.getByLabel('Full name'))
        await noSkeleton(page)
      },
      marks: [{ label: 'Full name' }, { notBusy: true }],
    }),
    screen('join: sign in', '/login', {
      content: (page) => visible(page.getByLabel('Password', { exact: true })),
      marks: [{ label: 'Password' }],
    }),
    screen('join: forgot password', '/forgot-password', {
      content: (page) => visible(page.getByLabel('E-mail')),
      marks: [{ label: 'E-mail' }],
    }),
  ]
}

/** The steps a member who has signed up, given details and a photo and saved a card can open. */
function memberJoinScreens(): Screen[] {
  const screen = (name: string, path: string, check: Pick<Screen, 'content' | 'marks'>): Screen => ({
    name,
    site: 'join',
    path,
    ...check,
  })
  return [
    screen('join: about you', '/about-you', {
      content: async (page) => {
        await visible(page.getByLabel('Street address'))
        await expect(page.getByLabel('Street address')).toHaveValue('12 Ponsonby Road', { timeout })
      },
      marks: [{ label: 'Street address', value: '12 Ponsonby Road' }],
    }),
    screen('join: photo', '/take-photo', heading('Add your photo')),
    screen('join: how to pay', '/choose-payment-method', {
      content: (page) => visible(page.getByRole('link', { name: /^Bank account/ })),
      marks: [{ link: pattern(/^Bank account/) }],
    }),
    screen('join: card details', '/card-details', {
      content: (page) => visible(page.getByLabel('Card number')),
      marks: [{ label: 'Card number' }],
    }),
    screen('join: bank account', '/connect-akahu', {
      content: (page) => visible(page.getByRole('heading', { name: 'Connect your bank account' })),
      marks: [{ heading: 'Connect your bank account' }],
    }),
    screen('join: card connected', '/card-connected', {
      content: (page) => visible(page.getByText(/ending 4242/)),
      marks: [{ text: pattern(/ending 4242/) }],
    }),
    screen('join: confirm', '/confirm-subscription', {
      content: async (page) => {
        await visible(page.getByRole('heading', { name: 'Due today' }))
        await noSkeleton(page)
      },
      marks: [{ heading: 'Due today' }, { notBusy: true }],
    }),
  ]
}

const welcomeScreen: Screen = {
  name: 'join: welcome',
  site: 'join',
  path: '/welcome-to-gym',
  content: async (page) => {
    await visible(page.getByRole('heading', { name: /^Welcome to / }))
    await noSkeleton(page)
  },
  marks: [{ heading: pattern(/^Welcome to /) }, { notBusy: true }],
}

const urlOf = (screen: Screen) => `${screen.site === 'join' ? joinUrl : consoleUrl}${screen.path}`

interface FirstLoad {
  content: number
  hydrated: number
  load: number
}

async function firstLoad(browser: Browser, cookies: Cookie[], screen: Screen): Promise<FirstLoad> {
  const context = await browser.newContext({ locale: 'en-NZ', timezoneId: 'Pacific/Auckland' })
  await context.addCookies(cookies)
  await context.addInitScript(installWatcher, screen.marks)
  const page = await context.newPage()
  try {
    await page.goto(urlOf(screen), { waitUntil: 'commit' })
    await screen.content(page)
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout })
    await page.waitForLoadState('load')
    // Each by the page's own clock, from the start of the navigation: content and hydration from the
    // watcher, the load event from the navigation entry.
    const content = await contentAt(page)
    const { hydrated, load } = await page.evaluate(() => {
      const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
      const hydratedAt = window.__benchHydratedAt
      return { hydrated: hydratedAt ?? Number.NaN, load: entry?.loadEventEnd ?? Number.NaN }
    })
    return { content, hydrated, load }
  } finally {
    await context.close()
  }
}

/** A client-side navigation, as a link does: the router's own `navigate` to the screen's address. */
async function navigate(page: Page, screen: Screen): Promise<number> {
  await page.evaluate(
    ({ href, marks }) => {
      window.__benchWatch(marks, performance.now())
      void window.__TSR_ROUTER__?.navigate({ href })
    },
    { href: screen.path, marks: screen.marks },
  )
  await page.waitForURL(urlOf(screen), { timeout })
  await screen.content(page)
  return contentAt(page)
}

interface Timings {
  navigation: number[]
  content: number[]
  hydrated: number[]
  load: number[]
}

/** Opens `start` afresh, then navigates to each screen in turn; then each screen's first load. */
async function measureRound(
  context: BrowserContext,
  browser: Browser,
  cookies: Cookie[],
  screens: Screen[],
  results: Map<string, Timings>,
  start: Screen,
) {
  const page = await context.newPage()
  await page.goto(urlOf(start))
  await start.content(page)
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout })
  await page.waitForLoadState('networkidle')
  for (const screen of screens) {
    const timings = results.get(screen.name) ?? { navigation: [], content: [], hydrated: [], load: [] }
    results.set(screen.name, timings)
    if (screen !== start) timings.navigation.push(await navigate(page, screen))
  }
  await page.close()
  for (const screen of screens) {
    const timings = results.get(screen.name)
    const first = await firstLoad(browser, cookies, screen)
    timings?.content.push(first.content)
    timings?.hydrated.push(first.hydrated)
    timings?.load.push(first.load)
  }
}

const median = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
const worst = (times: number[]) => Math.max(...times)
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)}`.padStart(5) : '    –')

function report(results: Map<string, Timings>) {
  const lines = [
    `${'screen'.padEnd(30)} ${'first load: content'.padStart(20)} ${'hydrated'.padStart(12)} ${'load event'.padStart(12)} ${'navigation'.padStart(12)}`,
    `${''.padEnd(30)} ${'median/worst'.padStart(20)} ${'median/worst'.padStart(12)} ${'median/worst'.padStart(12)} ${'median/worst'.padStart(12)}`,
  ]
  for (const [name, t] of results) {
    const pair = (times: number[]) => (times.length ? `${ms(median(times))}/${ms(worst(times))}` : '—')
    lines.push(
      `${name.padEnd(30)} ${pair(t.content).padStart(20)} ${pair(t.hydrated).padStart(12)} ${pair(t.load).padStart(12)} ${pair(t.navigation).padStart(12)}`,
    )
  }
  return lines.join('\n')
}

/** The console's API from the signed-in page itself (its cookie is the console's). */
async function apiGet(page: Page, path: string) {
  return page.evaluate(async (address) => {
    const response = await fetch(`/api${address}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
    if (!response.ok) throw new Error(`${address}: ${response.status}`)
    return (await response.json()) as { data: Array<Record<string, unknown>> }
  }, path)
}

test('first load and navigation of every console screen and join step', async ({ page, browser }) => {
  test.setTimeout(60 * 60_000)
  await page.context().addInitScript(installWatcher, null)
  await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/offerings' })
  const offeringHref =
    (await page.getByRole('link', { name: '24/7 Access' }).first().getAttribute('href')) ?? ''
  const members = await apiGet(page, '/members?search=Aroha%20Ngata')
  const gyms = await apiGet(page, '/gyms')
  await page.goto(`${consoleUrl}/staff`)
  const staffLink = page.locator('main a[href^="/staff/"]').first()
  const staffHref = (await staffLink.getAttribute('href')) ?? ''
  const staffName = (await staffLink.textContent()) ?? ''
  const joinGyms = (await (
    await page.request.get(`${otherUrl}/api/join/gyms`, { headers: { Host: new URL(joinUrl).host } })
  ).json()) as { data: Array<{ uuid: string; name: string }> }
  const ids: Ids = {
    memberId: Number(members.data[0]?.id),
    memberName: String(members.data[0]?.name),
    offeringId: Number(offeringHref.split('/').pop()),
    gymId: Number(gyms.data[0]?.id),
    staffId: Number(staffHref.split('/').pop()),
    staffName,
    gymName: String(gyms.data[0]?.name),
    gymUuid: joinGyms.data.find((gym) => /Ponsonby/.test(gym.name))?.uuid ?? '',
  }
  const staffCookies = await page.context().cookies()

  // A member part-way through joining: details, photo and a card, not yet confirmed.
  const joiner = await browser.newContext({ locale: 'en-NZ', timezoneId: 'Pacific/Auckland' })
  await joiner.addInitScript(installWatcher, null)
  const joinPage = await joiner.newPage()
  await signUpThroughScreens(joinPage, { gym: /Ponsonby/, name: 'Bench Joiner', prefix: 'bench' })
  await fillAboutYou(joinPage)
  await takePhoto(joinPage)
  await joinPage.getByRole('link', { name: /^Card/ }).click()
  await enterCard(joinPage, '4242 4242 4242 4242')
  await expect(joinPage).toHaveURL(`${joinUrl}/card-connected`, { timeout })
  await joinPage.getByRole('button', { name: 'Continue' }).click()
  await expect(joinPage).toHaveURL(`${joinUrl}/confirm-subscription`, { timeout })
  await joinPage.close()
  const memberCookies = await joiner.cookies()
  const guest = await browser.newContext({ locale: 'en-NZ', timezoneId: 'Pacific/Auckland' })
  await guest.addInitScript(installWatcher, null)

  const results = new Map<string, Timings>()
  const staffScreens = consoleScreens(ids)
  const guestScreens = guestJoinScreens(ids)
  const joinSteps = memberJoinScreens()
  const gymChoice: number[] = []
  for (let round = 0; round < rounds; round += 1) {
    await measureRound(
      page.context(),
      browser,
      staffCookies,
      staffScreens,
      results,
      staffScreens[0] as Screen,
    )
    await measureRound(guest, browser, [], guestScreens, results, guestScreens[0] as Screen)
    await measureRound(joiner, browser, memberCookies, joinSteps, results, joinSteps[0] as Screen)
    // Choosing a gym on the join site's start, as a person does: the click to the register form.
    const start = await guest.newPage()
    await start.goto(joinUrl)
    await start.waitForLoadState('networkidle')
    const form = guestScreens[1] as Screen
    await start.evaluate((marks) => {
      window.__benchWatch(marks, performance.now())
    }, form.marks)
    await start
      .getByRole('link', { name: /Ponsonby/ })
      .first()
      .click()
    await form.content(start)
    gymChoice.push(await contentAt(start))
    await start.close()
  }
  results.set('join: click a gym → form', { navigation: gymChoice, content: [], hydrated: [], load: [] })

  // The welcome, once the member has joined (it is the screen after Confirm).
  const confirmPage = await joiner.newPage()
  await confirmPage.goto(`${joinUrl}/confirm-subscription`)
  await confirmPage.getByRole('radio').first().check({ force: true })
  await confirmPage.getByLabel('Type your full name to accept').fill('bench joiner')
  await confirmPage.getByRole('checkbox', { name: /may take these payments/ }).check({ force: true })
  await confirmPage.getByRole('button', { name: /^Confirm/ }).click()
  await expect(confirmPage).toHaveURL(`${joinUrl}/welcome-to-gym`, { timeout })
  await confirmPage.close()
  const welcome: Timings = { navigation: [], content: [], hydrated: [], load: [] }
  for (let round = 0; round < rounds; round += 1) {
    const first = await firstLoad(browser, await joiner.cookies(), welcomeScreen)
    welcome.content.push(first.content)
    welcome.hydrated.push(first.hydrated)
    welcome.load.push(first.load)
    const from = await joiner.newPage()
    await from.goto(`${joinUrl}/about-you`)
    await from.waitForLoadState('networkidle')
    welcome.navigation.push(await navigate(from, welcomeScreen))
    await from.close()
  }
  results.set(welcomeScreen.name, welcome)

  const text = report(results)
  console.info(`\nms over ${rounds} rounds, demo data, embedded database (ADR 033):\n${text}`)
  if (process.env.BENCH_OUT) {
    writeFileSync(process.env.BENCH_OUT, JSON.stringify(Object.fromEntries(results), null, 1))
  }
  // On a quiet machine (BENCH_CHECK=1): every median within the second.
  if (process.env.BENCH_CHECK) {
    const over = [...results].flatMap(([name, t]) =>
      (['content', 'load', 'navigation'] as const)
        .filter((mode) => t[mode].length > 0 && median(t[mode]) > 1000)
        .map((mode) => `${name} ${mode} ${Math.round(median(t[mode]))} ms`),
    )
    expect(over, 'screens over 1 s').toEqual([])
  }
})
