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
import { advanceSubscriptions } from '~/server/billing/engine/advance-subscriptions.server'
import { runBilling } from '~/server/billing/engine/run-billing.server'
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
}

export type BillingRunChildMessage =
  | { type: 'ready' }
  | { type: 'started' }
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
  const advanced = request.advance ? await advanceSubscriptions({ db: handle.db, now }) : null
  const charged = await runBilling({ db: handle.db, providers, now, batchSize: request.batchSize })
  return { advanced, charged }
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
