/**
 * One billing run in a process of its own, for the chaos test (tests/integration/billing/chaos.test.ts),
 * which kills it with SIGKILL at a random moment and checks that nothing was lost or charged twice.
 *
 * Started with an IPC channel (`spawn(process.execPath, ['--import', 'tsx', this file, …], { stdio: [..., 'ipc'] })`)
 * it loads its modules, answers `{ type: 'ready' }` and waits for one `{ type: 'run', … }` message, so
 * the parent can start the next child while this one works. Only then does it open the database named
 * on the command line (a PGlite folder must not be open in two processes at once), answer
 * `{ type: 'started' }` (the parent counts its kill delay from here), run, answer `{ type: 'done', … }`
 * and exit.
 *
 * Without an IPC channel it runs at once from its flags, for trying by hand:
 *   npx tsx scripts/billing-run-child.ts --url postgres://… [--now ISO] [--advance] [--batch-size N]
 *   npx tsx scripts/billing-run-child.ts --pglite ./folder …
 */
import { parseArgs } from 'node:util'
import { type DatabaseHandle, openDatabase } from '~/db/client.server'
import { publicSiteUrl } from '~/server/api/request-info'
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runDailyBilling } from '~/server/billing/engine/daily-run.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
import { createOutboxMailer } from '~/server/mail/outbox-mailer.server'
import type { PaymentProvider, PaymentProviders } from '~/server/providers/payments/payment-provider'
import { createSandboxProviders } from '~/server/providers/payments/sandbox-providers.server'
import { createRandom } from '~/server/seed/random'

export interface BillingRunChildRequest {
  type: 'run'
  /** The run's clock, ISO 8601. */
  now: string
  /** Run the schedule step (`advanceSubscriptions`) before charging. */
  advance: boolean
  batchSize?: number
  /** Probability that the sandbox records a charge and then loses its answer (`failAfterRecordBeforeReturn`). */
  loseAnswerProbability?: number
  /** The sandbox waits this long between recording a charge and answering (widens that window). */
  delayAfterRecordMs?: number
  /** Seed for the lost answers, so a failing run reproduces. */
  seed?: string
  /**
   * The whole daily run (`runDailyBilling`: renewals, charges, the failed-payment e-mails, the door
   * sync request, under the run's lock) instead of the schedule step and the charges alone.
   */
  daily?: boolean
}

/** Where a run is, reported as it gets there (`npm run chaos` counts its kills by the last one heard). */
export type BillingRunPhase = 'advance' | 'charging' | 'recording' | 'notices'

export type BillingRunChildMessage =
  | { type: 'ready' }
  | { type: 'started' }
  | { type: 'phase'; phase: BillingRunPhase }
  | { type: 'done'; stats: Record<string, unknown> }
  | { type: 'error'; message: string }

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    pglite: { type: 'string' },
    now: { type: 'string' },
    advance: { type: 'boolean', default: false },
    'batch-size': { type: 'string' },
    'lose-answers': { type: 'string' },
    seed: { type: 'string' },
  },
})

if (!values.url && !values.pglite) {
  console.error('billing-run-child: pass --url postgres://… or --pglite <folder>')
  process.exit(2)
}

const open = (): Promise<DatabaseHandle> =>
  openDatabase(values.url ? { url: values.url } : { dataDir: values.pglite ?? '' })

async function run(handle: DatabaseHandle, request: BillingRunChildRequest) {
  const random = createRandom(request.seed ?? 'billing-run-child')
  const probability = request.loseAnswerProbability ?? 0
  const providers = createSandboxProviders({
    db: handle.db,
    faults: {
      failAfterRecordBeforeReturn: probability > 0 ? () => random.chance(probability) : false,
      delayAfterRecordMs: request.delayAfterRecordMs ?? 0,
    },
  })
  const now = new Date(request.now)
  if (request.daily) {
    const result = await runDailyBilling({
      handle,
      providers: reportingPhases(providers),
      now,
      dunning: {
        mailer: reportingMail(createOutboxMailer(handle)),
        siteUrl: publicSiteUrl,
      },
    })
    return { daily: result }
  }
  const advanced = request.advance ? await advanceSubscriptions({ db: handle.db, now }) : null
  const charged = await runBilling({ db: handle.db, providers, now, batchSize: request.batchSize })
  return { advanced, charged }
}

/** The providers, saying when a charge goes out and when its answers are back (to be recorded). */
function reportingPhases(providers: PaymentProviders): PaymentProviders {
  const wrap = (provider: PaymentProvider): PaymentProvider =>
    new Proxy(provider, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver)
        if (typeof value !== 'function' || (property !== 'charge' && property !== 'chargeMany')) return value
        return async (...args: unknown[]) => {
          void send({ type: 'phase', phase: 'charging' })
          const answer = await value.apply(target, args)
          void send({ type: 'phase', phase: 'recording' })
          return answer
        }
      },
    })
  void send({ type: 'phase', phase: 'advance' })
  return { card: wrap(providers.card), bank: wrap(providers.bank) }
}

/** The mailer, saying when the failed-payment e-mails start (the run's last step). */
function reportingMail<T extends object>(mailer: T): T {
  let told = false
  return new Proxy(mailer, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        if (!told) {
          told = true
          void send({ type: 'phase', phase: 'notices' })
        }
        return value.apply(target, args)
      }
    },
  })
}

function send(message: BillingRunChildMessage) {
  return new Promise<void>((resolve) => {
    if (!process.send) return resolve()
    process.send(message, undefined, {}, () => resolve())
  })
}

if (process.send) {
  process.once('message', (message: BillingRunChildRequest) => {
    void (async () => {
      try {
        const handle = await open()
        await send({ type: 'started' })
        const stats = await run(handle, message)
        await handle.close()
        await send({ type: 'done', stats })
      } catch (error) {
        await send({
          type: 'error',
          message: error instanceof Error ? (error.stack ?? error.message) : String(error),
        })
        process.exitCode = 1
      } finally {
        // Nothing may keep a finished run alive (the parent waits for the exit).
        process.exit()
      }
    })()
  })
  await send({ type: 'ready' })
} else {
  const handle = await open()
  try {
    const stats = await run(handle, {
      type: 'run',
      now: values.now ?? new Date().toISOString(),
      advance: values.advance ?? false,
      batchSize: values['batch-size'] ? Number(values['batch-size']) : undefined,
      loseAnswerProbability: values['lose-answers'] ? Number(values['lose-answers']) : 0,
      seed: values.seed,
    })
    console.info(JSON.stringify(stats))
  } finally {
    await handle.close()
  }
}
