import { type ChildProcess, spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { and, desc, eq, sql } from 'drizzle-orm'
import { cardSetupSchema } from '~/contracts/join-payment'
import type { Db } from '~/db/client.server'
import { mailOutbox, paymentMethods } from '~/db/schema'
import { calendarDateAt } from '~/server/billing/calendar'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { addSandboxPaymentMethod } from '~/server/billing/simulation/add-sandbox-payment-method.server'
import { signUpMember } from '~/server/billing/simulation/sign-up-member.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import type { Random } from '~/server/seed/random'
import { createPaymentLink } from '~/server/services/payment-links/mail-payment-link.server'
import type { KillWindow } from './billing-lane'
import type { ChaosOrganisation } from './fixture'

/**
 * The web process, started and killed for real: the production server (`node scripts/start.ts`, the
 * build as `npm start` serves it) or, without a build, the API alone in a process of its own
 * (`scripts/chaos-api-server.ts`, the same `/api` the production server mounts).
 */
export class WebServer {
  private child: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()
  private output = ''
  starts = 0

  constructor(
    private readonly options: {
      mode: 'production' | 'api'
      port: number
      databaseUrl: string
      apiCommand: string[]
    },
  ) {}

  get base() {
    return `http://127.0.0.1:${this.options.port}`
  }

  async start(): Promise<void> {
    const { mode, port, databaseUrl } = this.options
    const args = mode === 'production' ? [join(process.cwd(), 'scripts/start.ts')] : this.options.apiCommand
    this.output = ''
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        SKIP_BUILD: 'true',
        RUN_WORKERS: 'false',
        SEED_DEMO: 'false',
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'error',
        JOIN_HOST: 'join.localhost',
        CONSOLE_HOST: 'console.localhost',
      },
    })
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-4000)
    }
    child.stdout?.on('data', keep)
    child.stderr?.on('data', keep)
    this.child = child
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    this.starts += 1
    const deadline = Date.now() + 180_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The web process died starting:\n${this.output}`)
      const healthy = await fetch(`${this.base}/api/health`).then(
        (answer) => answer.ok,
        () => false,
      )
      if (healthy) return
      if (Date.now() > deadline) throw new Error(`The web process did not answer in 180 s:\n${this.output}`)
      await sleep(40)
    }
  }

  /** SIGKILL: no shutdown hook runs, open requests die with the process. */
  async kill(): Promise<void> {
    this.child?.kill('SIGKILL')
    await this.exited
    this.child = undefined
  }

  /** SIGTERM at the end of the chaos: the server closes as an operator would stop it. */
  async stop(): Promise<void> {
    this.child?.kill('SIGTERM')
    await Promise.race([this.exited, sleep(10_000)])
    await this.kill()
  }
}

interface Answer {
  status: number
  body: { data?: unknown; message?: string; errors?: Record<string, string[]> } | null
}

/** A person at a browser on the join site: a cookie jar, their address, the site's Origin. */
class Person {
  private readonly jar = new Map<string, string>()
  constructor(
    private readonly server: WebServer,
    private readonly ip: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Origin: 'http://join.localhost',
      'X-Forwarded-For': this.ip,
      'X-Gymbase-Client-Ip': this.ip,
    }
    if (this.jar.size > 0)
      headers.Cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ')
    if (body !== undefined) headers['Content-Type'] = 'application/json'
    const answer = await fetch(`${this.server.base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    for (const cookie of answer.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value === '' || /max-age=0/i.test(cookie)) this.jar.delete(name)
      else this.jar.set(name, value)
    }
    const text = await answer.text()
    let parsed: Answer['body'] = null
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    return { status: answer.status, body: parsed }
  }

  async expect(method: string, path: string, body: unknown, status: number): Promise<Answer> {
    const answer = await this.request(method, path, body)
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)} (expected ${status})`,
      )
    }
    return answer
  }
}

/** How the flow ended for the person after the restart. */
export type WebOutcome = 'joined' | 'declined' | 'gave up' | 'paid' | 'link already used' | 'not finished'

export interface WebRunRecord {
  kind: 'join' | 'pay'
  kill: string
  outcome: WebOutcome
  presses: number
  problems: string[]
}

/** Where a killed request had got to, read from the rows it left. */
async function killedPhase(
  db: Db,
  subscriptionIds: number[],
  since: Date,
  answered: boolean,
): Promise<string> {
  if (answered) return 'answered before the kill'
  if (subscriptionIds.length === 0) return 'before the membership was made'
  const { rows } = await db.execute<{ status: string; charged: boolean }>(
    sql`select a.status, exists (select 1 from sandbox_charges c where c.idempotency_key = a.idempotency_key) as charged
      from payment_attempts a join payments p on p.id = a.payment_id
      where p.subscription_id in ${subscriptionIds} and a.started_at >= ${since.toISOString()}::timestamptz
      order by a.id desc limit 1`,
  )
  const [attempt] = rows
  if (!attempt) return 'before the charge was claimed'
  if (attempt.status === 'started') {
    return attempt.charged ? 'charged, before the answer was recorded' : 'key stored, before the provider'
  }
  return 'recorded, before the answer reached the browser'
}

/** Sends a request and SIGKILLs the server after `killAfterMs`, whether or not it has answered. */
async function killDuring(
  server: WebServer,
  send: () => Promise<Answer>,
  killAfterMs: number,
): Promise<{ answered: boolean }> {
  let answered = false
  const request = send().then(
    () => {
      answered = true
    },
    () => {},
  )
  await Promise.race([request, sleep(killAfterMs)])
  await server.kill()
  await request
  return { answered }
}

let people = 0

/**
 * A person joins on the join site: signs up, confirms their e-mail with the code, saves a card, and
 * presses Confirm — and the web process is killed in the middle of that request. The process is
 * started again and the person does what the page tells them: presses Confirm again (the page keeps
 * its key in the tab, ADR 048; sometimes they reload in a new tab, with a new key), and when told the
 * payment is still being confirmed, waits a moment and presses again. Some give up.
 */
export async function joinRun(options: {
  db: Db
  server: WebServer
  organisation: ChaosOrganisation
  random: Random
  killWindow: KillWindow
}): Promise<WebRunRecord> {
  const { db, server, random } = options
  people += 1
  const ip = `10.${(people >> 16) & 255}.${(people >> 8) & 255}.${people & 255}`
  const person = new Person(server, ip)
  const name = `Chaos Joiner ${people}`
  const email = `chaos-join-${people}-${randomUUID().slice(0, 8)}@members.test`
  await person.expect(
    'POST',
    '/register',
    {
      gym: options.organisation.gymUuid,
      name,
      email,
      mobile_number: '021 555 0100',
      dob: '1990-04-05',
      password: 'a long enough passphrase',
    },
    201,
  )
  const [mail] = await db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`No code mailed to ${email}`)
  await person.expect('POST', '/email/verify', { code }, 200)
  const setup = await person.expect('POST', '/me/card-setups', undefined, 201)
  const { id: setupId, client_secret } = cardSetupSchema.parse(setup.body?.data)
  const declines = random.chance(0.1)
  await person.expect(
    'POST',
    '/sandbox/card-setups/confirm',
    {
      client_secret,
      number: declines ? '4000 0000 0000 9995' : '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
    },
    200,
  )
  await person.expect('POST', '/me/payment-types/card', { setup_id: setupId }, 201)
  const [user] = await db
    .execute<{ id: number }>(sql`select id from users where lower(email) = ${email}`)
    .then((result) => result.rows)
  const userId = Number(user?.id)

  const confirm = (key: string) =>
    person.request('POST', '/subscriptions', {
      price_id: options.organisation.joinPriceId,
      client_key: key,
      agreement_name: name,
      off_session_consent: true,
    })
  let key = randomUUID()
  const since = new Date(Date.now() - 1000)
  const killAfterMs = random.int(0, Math.round(options.killWindow.ms))
  const { answered } = await killDuring(server, () => confirm(key), killAfterMs)
  options.killWindow.landed(answered)
  const subscriptionIds = await db
    .execute<{ id: number }>(sql`select id from subscriptions where user_id = ${userId}`)
    .then((result) => result.rows.map((row) => Number(row.id)))
  const kill = await killedPhase(db, subscriptionIds, since, answered)
  await server.start()

  // The person, after "We lost the connection before hearing back. Press Confirm again".
  const record: WebRunRecord = { kind: 'join', kill, outcome: 'not finished', presses: 1, problems: [] }
  if (random.chance(0.1)) {
    record.outcome = 'gave up'
    return record
  }
  if (random.chance(0.2)) key = randomUUID()
  for (let press = 0; press < 6; press += 1) {
    record.presses += 1
    const answer = await confirm(key)
    if (answer.status === 201 || answer.status === 200) {
      record.outcome = 'joined'
      return record
    }
    if (answer.status === 422 && answer.body?.errors?.payment_method) {
      record.outcome = 'declined'
      return record
    }
    if (answer.status === 409 && /already have a membership/.test(answer.body?.message ?? '')) {
      record.outcome = 'joined'
      return record
    }
    if (answer.status !== 409) {
      record.problems.push(`Confirm again answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      return record
    }
    // "Wait a moment, then press Confirm again."
    await sleep(500)
  }
  record.problems.push(`Confirm never went through for ${email} (${kill})`)
  return record
}

/**
 * A member whose card was declined opens their payment link and pays with another saved card; the web
 * process is killed in the middle of the Pay request. It is started again, the person opens the link
 * again and presses Pay; told the payment is being processed, they come back later (after the next
 * billing run has settled what the kill left in doubt) and look again.
 */
export async function payRun(options: {
  db: Db
  server: WebServer
  organisation: ChaosOrganisation
  random: Random
  killWindow: KillWindow
  /** The billing run that comes later (the next job), after which the person looks again. */
  later: () => Promise<void>
}): Promise<WebRunRecord> {
  const { db, server, random, organisation } = options
  const now = new Date()
  const member = await signUpMember({
    db,
    organisation: organisation.simulation,
    random,
    now,
    startDate: calendarDateAt(now),
    methodType: 'stripe_card',
    methodOutcome: 'fails',
    firstPayment: true,
    gym: organisation.simulation.gyms[0],
    price: organisation.simulation.prices.find(({ price }) => price.id === organisation.joinPriceId),
  })
  const good = await addSandboxPaymentMethod({
    db,
    random: random.fork('good card'),
    organisationId: organisation.organisationId,
    userId: member.userId,
    gymId: member.gymId,
    type: 'stripe_card',
    outcome: 'succeeds',
    makeDefault: false,
    now,
  })
  // The day's run declines the first payment: the member owes it.
  await runBilling({ db, providers: createSandboxProviders({ db }), now })
  const { token } = await createPaymentLink(db, {
    now,
    subscription: {
      id: member.subscriptionId,
      organisationId: organisation.organisationId,
      userId: member.userId,
    },
    createdByUserId: null,
    days: 7,
  })
  const [saved] = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, member.userId), eq(paymentMethods.id, good.id)))
  if (!saved) throw new Error('The good card was not saved')

  const person = new Person(server, `10.200.${random.int(0, 255)}.${random.int(1, 254)}`)
  const body = { payment_method_id: good.id, make_default: random.chance(0.5) }
  await person.expect('GET', `/payment-links/${token}`, undefined, 200)
  const since = new Date(Date.now() - 1000)
  const killAfterMs = random.int(0, Math.round(options.killWindow.ms))
  const { answered } = await killDuring(
    server,
    () => person.request('POST', `/payment-links/${token}/pay`, body),
    killAfterMs,
  )
  options.killWindow.landed(answered)
  const kill = await killedPhase(db, [member.subscriptionId], since, answered)
  await server.start()

  const record: WebRunRecord = { kind: 'pay', kill, outcome: 'not finished', presses: 1, problems: [] }
  let cameBack = false
  for (let press = 0; press < 4; press += 1) {
    const page = await person.request('GET', `/payment-links/${token}`)
    if (page.status === 409 || (page.status === 200 && isUsed(page.body?.data))) {
      record.outcome = 'link already used'
      return record
    }
    record.presses += 1
    const answer = await person.request('POST', `/payment-links/${token}/pay`, body)
    if (answer.status === 200) {
      record.outcome = 'paid'
      return record
    }
    if (answer.status === 409 && /already been used/.test(answer.body?.message ?? '')) {
      record.outcome = 'link already used'
      return record
    }
    if (answer.status !== 409 || cameBack) {
      record.problems.push(`Pay again answered ${answer.status}: ${JSON.stringify(answer.body)}`)
      return record
    }
    // "A payment for this period is being processed now. Check again in a few minutes."
    await options.later()
    cameBack = true
  }
  record.problems.push(`the link ${member.subscriptionId} never paid (${kill})`)
  return record
}

function isUsed(link: unknown): boolean {
  return (
    typeof link === 'object' &&
    link !== null &&
    'state' in link &&
    (link as { state: string }).state === 'used'
  )
}
