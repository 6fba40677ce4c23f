import { type ChildProcess, spawn } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import type { DatabaseHandle } from '~/db/client.server'
import { publicSiteUrl } from '~/server/api/request-info'
import { type CalendarDateString, instantAt } from '~/server/billing/calendar'
import { runDailyBilling } from '~/server/billing/engine/daily-run.server'
import { billingPolicy } from '~/server/billing/engine/policy'
import { pollPendingPayments } from '~/server/billing/engine/run-billing.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import { createDoorProviders } from '~/server/providers/doors/door-providers.server'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import type { Random } from '~/server/seed/random'
import { processDueDoorAccess } from '~/server/services/door-access/sync-door-access.server'
import type { BillingRunChildMessage, BillingRunChildRequest } from '../../billing-run-child'

/** A billing run in a process of its own (`scripts/billing-run-child.ts`), to be killed. */
export class BillingChild {
  readonly process: ChildProcess
  readonly messages: BillingRunChildMessage[] = []
  stderr = ''
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined
  readonly exited: Promise<void>
  startedAt = 0
  private wake: (() => void)[] = []

  constructor(command: string[], target: string[]) {
    this.process = spawn(process.execPath, [...command, ...target], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    })
    this.process.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString()
    })
    this.process.on('message', (message: BillingRunChildMessage) => {
      this.messages.push(message)
      this.notify()
    })
    this.exited = new Promise((resolve) => {
      this.process.on('exit', (code, signal) => {
        this.exit = { code, signal }
        this.notify()
        resolve()
      })
    })
  }

  private notify() {
    for (const wake of this.wake.splice(0)) wake()
  }

  has(type: BillingRunChildMessage['type']) {
    return this.messages.some((message) => message.type === type)
  }

  /** The last step the run said it reached. */
  phase(): string {
    if (this.has('done') || this.has('error')) return 'finished before the kill'
    for (const message of [...this.messages].reverse()) {
      if (message.type === 'phase') return message.phase
    }
    return this.has('started') ? 'opening' : 'loading'
  }

  async waitFor(type: BillingRunChildMessage['type']): Promise<boolean> {
    for (;;) {
      if (this.has(type)) return true
      if (this.exit) return false
      await new Promise<void>((resolve) => this.wake.push(resolve))
    }
  }

  describeFailure() {
    const error = this.messages.find((message) => message.type === 'error')
    return `child ${this.process.pid} ${JSON.stringify(this.exit)}: ${error && 'message' in error ? error.message : ''}\n${this.stderr}`
  }

  async start(request: BillingRunChildRequest) {
    if (!(await this.waitFor('ready')))
      throw new Error(`Billing child died loading: ${this.describeFailure()}`)
    this.startedAt = performance.now()
    this.process.send(request)
  }

  kill() {
    if (!this.exit) this.process.kill('SIGKILL')
  }
}

/**
 * Children started ahead of time for one database at a time, so a run does not wait for one to load its
 * modules; a child started for another database is let go.
 */
export class BillingChildPool {
  private ready: { target: string; child: BillingChild }[] = []
  constructor(
    private readonly command: string[],
    private readonly size: number,
  ) {}

  take(url: string): BillingChild {
    for (const stale of this.ready.filter((entry) => entry.target !== url)) stale.child.kill()
    this.ready = this.ready.filter((entry) => entry.target === url)
    const child = this.ready.shift()?.child ?? new BillingChild(this.command, ['--url', url])
    while (this.ready.length < this.size) {
      this.ready.push({ target: url, child: new BillingChild(this.command, ['--url', url]) })
    }
    return child
  }

  async close() {
    const idle = this.ready.splice(0)
    for (const { child } of idle) child.kill()
    await Promise.all(idle.map(({ child }) => child.exited))
  }
}

/**
 * The span kills are drawn from, tuned as the chaos goes: a kill after the work finished shrinks it by
 * 30 %, one that interrupted the work widens it by 5 %, so about one kill in eight lands after the work
 * and the rest spread over all of it, however fast the machine is at the time.
 */
export class KillWindow {
  constructor(public ms: number) {}
  landed(afterTheWork: boolean) {
    this.ms = Math.max(20, afterTheWork ? this.ms * 0.7 : this.ms * 1.05)
  }
}

/** What one billing run of the chaos did: the phases its kills landed in, and any child's error. */
export interface BillingRunRecord {
  kills: string[]
  errors: string[]
}

/**
 * One simulated day of the billing chaos on `day`: one or two daily runs (`runDailyBilling`, as the
 * pg-boss job and `npm run billing:run` run it) each killed with SIGKILL at a random moment, sometimes
 * two at once, sometimes with the sandbox losing its answer after taking the money; then the day
 * finished as the next job would (the same run, left alone, once attempts in doubt are old enough to
 * be settled), the day's bank poll, and the door sync.
 */
export async function billingChaosDay(options: {
  timed: <T>(step: string, work: () => Promise<T>) => Promise<T>
  handle: DatabaseHandle
  url: string
  pool: BillingChildPool
  day: CalendarDateString
  random: Random
  /** Kills land within this window (ms), which follows how long a run takes on this machine lately. */
  killWindow: KillWindow
}): Promise<BillingRunRecord> {
  const { handle, random, day } = options
  const record: BillingRunRecord = { kills: [], errors: [] }
  const morning = instantAt(day, '06:00')
  const killedRuns = random.chance(0.1) ? 2 : 1
  for (let round = 0; round < killedRuns; round += 1) {
    const width = random.chance(0.2) ? 2 : 1
    await options.timed('billing: killed runs', () =>
      Promise.all(
        Array.from({ length: width }, async (_, lane) => {
          const child = options.pool.take(options.url)
          const request: BillingRunChildRequest = {
            type: 'run',
            daily: true,
            now: new Date(morning.getTime() + (round * 2 + lane) * 1000).toISOString(),
            advance: true,
            loseAnswerProbability: random.chance(0.3) ? 0.25 : 0,
            delayAfterRecordMs: random.chance(0.25) ? random.int(1, 5) : 0,
            seed: `${random.seed}-${round}-${lane}`,
          }
          const killAfterMs = random.int(0, Math.round(options.killWindow.ms))
          await child.start(request)
          await Promise.race([sleep(killAfterMs), child.exited])
          record.kills.push(child.phase())
          options.killWindow.landed(child.has('done'))
          child.kill()
          await child.exited
          if (child.has('error')) record.errors.push(`${JSON.stringify(request)}: ${child.describeFailure()}`)
        }),
      ),
    )
  }
  await options.timed('billing: finish the day', () =>
    finishDay({ handle, now: new Date(morning.getTime() + billingPolicy.inDoubtAfterMs + 5 * 60_000) }),
  )
  return record
}

/**
 * The day finished after the kills, as the next jobs would: the daily run left alone (waiting for a
 * killed run's lock to go with its connection), a poll of the bank payments three hours on, and the
 * door sync. `now` is at least the in-doubt time after the killed runs' attempts, so the daily run
 * settles them first.
 */
export async function finishDay(options: { handle: DatabaseHandle; now: Date }) {
  const { handle, now } = options
  const db = handle.db
  const providers = createSandboxProviders({ db })
  for (let attempt = 0; ; attempt += 1) {
    const result = await runDailyBilling({
      handle,
      providers,
      now,
      dunning: { mailer: createOutboxMailer(handle), siteUrl: publicSiteUrl },
    })
    if (result.ran) break
    if (attempt > 200) throw new Error('The daily run’s lock was never let go')
    await sleep(25)
  }
  const later = new Date(now.getTime() + 3 * 3_600_000)
  await pollPendingPayments({ db, providers, now: later })
  await processDueDoorAccess({ db, providers: createDoorProviders({ db }), now: later })
  return later
}
