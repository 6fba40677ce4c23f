import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase } from '~/db/client.server'
import { demoSeed } from '~/db/schema'
import { resetEnvCache } from '~/lib/env.server'
import { seedDemoIfEmpty } from '~/server/seed/seed-demo.server'
import {
  type ApiClient,
  joinClient,
  joinedMember,
  type MailCapture,
  startMailCapture,
  uploadPhoto,
} from '../../scripts/bench/join-member'

/**
 * Issue 30 point 7, ADR 059: the app runs on a data folder; members join (a photo, a card, the first
 * payment); `npm run backup` copies the folder while the server answers and while more members join and
 * replace their photos; `npm run restore` brings the copy into a new folder; the app starts on it and
 * every member, payment and photo made before the backup is there, read through the API as the member
 * reads them, and the restored folder is exactly the database of one moment (every row it has, the
 * original has too, and the counts the backup recorded).
 */

const SERVER_SCRIPT = join(process.cwd(), 'tests/integration/support/api-server-child.ts')
// Under tsx as `npm run backup` runs: the server's modules do not bundle into one file (esbuild's
// `createRequire` banner meets one of theirs), and a second of start-up does not matter here.
const serverCommand = ['--import', 'tsx', SERVER_SCRIPT]
let mail: MailCapture
const folders: string[] = []
const servers: ChildProcess[] = []

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })

const tempFolder = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `gymbase-${name}-`))
  folders.push(folder)
  return folder
}

/**
 * A data folder with the demo's organisations, gyms, offerings and sign-ins (the start-up's part of the
 * seed), its background part marked done: the year of history would be minutes of work on the one
 * embedded connection, holding the members' codes back, and this test makes its own members.
 */
async function demoDataFolder(): Promise<string> {
  const dataDir = tempFolder('data')
  // The seed's demo portrait goes to the file store of DATA_DIR (read once per process): this folder's.
  process.env.DATA_DIR = dataDir
  resetEnvCache()
  const handle = await openDatabase({ dataDir: join(dataDir, 'pglite') })
  try {
    await migrateDatabase(handle)
    await seedDemoIfEmpty({ db: handle.db })
    await handle.db.update(demoSeed).set({ historyCompletedAt: new Date() })
  } finally {
    await handle.close()
  }
  return dataDir
}

/** Starts the app on a data folder and waits for its `ready`. */
async function startApp(dataDir: string) {
  const port = await freePort()
  const child = spawn(process.execPath, serverCommand, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(port),
      SMTP_URL: mail.url,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  servers.push(child)
  let output = ''
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      const ready = seen.includes('\nready\n') || seen.startsWith('ready\n')
      if (ready) resolve()
    })
    child.once('exit', (code) => reject(new Error(`The app exited (${code}) before it was ready: ${output}`)))
  })
  return {
    origin: `http://join.localhost:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

/** `npm run backup` / `npm run restore` as an operator runs them; resolves the exit code and output. */
function runScript(script: 'backup' | 'restore', args: string[], dataDir: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join('scripts', `${script}.ts`), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => resolve({ code, output }))
  })
}

interface MemberSeen {
  id: number
  email: string
  photo: string
  photoBytes: number
  photoSha256: string
  payments: Array<{ id: number; amount: number; status: string }>
}

/** What a member sees of themselves: who they are, their photo, their payments. */
async function seenBy(member: ApiClient): Promise<MemberSeen> {
  const me = (await member.call('GET', '/me')) as {
    data: { id: number; email: string; profile_picture: string }
  }
  const photo = await member.file(`/users/${me.data.id}/profile-picture`)
  const payments = (await member.call('GET', '/me/payments')) as {
    data: Array<{ id: number; amount: number; status: string }>
  }
  expect(photo.type).toBe('image/webp')
  return {
    id: me.data.id,
    email: me.data.email,
    photo: me.data.profile_picture,
    photoBytes: photo.bytes.length,
    photoSha256: createHash('sha256').update(photo.bytes).digest('hex'),
    payments: payments.data.map(({ id, amount, status }) => ({ id, amount, status })),
  }
}

beforeAll(async () => {
  mail = await startMailCapture(0)
}, 120_000)

afterAll(async () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGKILL')
  await mail?.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('npm run backup and npm run restore on the embedded database', () => {
  it('backs up while the app runs and members join; the restored folder starts with every member, payment and photo', async () => {
    const original = await demoDataFolder()
    const app = await startApp(original)
    const joined = await Promise.all(
      [0, 1, 2].map((index) =>
        joinedMember({
          joinOrigin: app.origin,
          mail,
          email: `kept-${index}@backup.gymbase.test`,
          name: `Kept Member ${index}`,
        }),
      ),
    )
    const before = await Promise.all(joined.map(seenBy))
    for (const member of before) expect(member.payments.length).toBeGreaterThan(0)

    // The backup runs while more members join and the first one replaces their photo (whose old file the
    // server deletes: held back until the uploads are copied).
    const backups = tempFolder('backups')
    const target = join(backups, 'copy')
    let writing = true
    const writes = (async () => {
      let count = 0
      while (writing) {
        await joinedMember({
          joinOrigin: app.origin,
          mail,
          email: `during-${count}@backup.gymbase.test`,
          name: 'During Backup',
        })
        count += 1
      }
      return count
    })()
    const replacing = (async () => {
      let count = 0
      while (writing) {
        await uploadPhoto(joined[0] as ApiClient, count % 2 ? '#aa3300' : '#0033aa')
        count += 1
      }
      return count
    })()
    const backup = await runScript('backup', ['--to', target], original)
    writing = false
    const [joinedDuring, photosReplaced] = await Promise.all([writes, replacing])
    expect(backup.output).toContain('(running server)')
    expect(backup.code).toBe(0)
    expect(joinedDuring + photosReplaced).toBeGreaterThan(0)
    await app.stop()

    const manifest = JSON.parse(readFileSync(join(target, 'manifest.json'), 'utf8')) as {
      taken_from: string
      facts: { users: number; payments: number; files: string[] }
    }
    expect(manifest.taken_from).toBe('running server')
    expect(manifest.facts.users).toBeGreaterThanOrEqual(before.length)
    expect(manifest.facts.payments).toBeGreaterThanOrEqual(before.length)

    // Into a data folder already holding a database: refused without --force, nothing touched.
    const restored = tempFolder('restored')
    const refused = await runScript('restore', [target], original)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain('not empty. Restore into an empty DATA_DIR')

    const restore = await runScript('restore', [target], restored)
    expect(restore.output).toContain('Restored')
    expect(restore.code).toBe(0)
    // Every file the copied database names came back (and the photos replaced during the backup, whose
    // deletes were held back: a file too many is harmless, one too few a broken photo).
    for (const key of manifest.facts.files) expect(existsSync(join(restored, 'uploads', key))).toBe(true)
    expect(readdirSync(join(restored, 'uploads', 'profile-pictures')).length).toBeGreaterThanOrEqual(
      before.length,
    )

    // The app on the restored folder: each member signs in with the session they had (sessions are rows
    // too) and sees themselves, their photo and their payments as before the backup.
    const again = await startApp(restored)
    try {
      for (const [index, member] of joined.entries()) {
        const seen = await seenBy(joinClient(again.origin, { cookie: member.cookie() }))
        const expected = before[index]
        expect(seen.id).toBe(expected?.id)
        expect(seen.email).toBe(expected?.email)
        // Every payment made before the backup is there as it was.
        expect(seen.payments).toEqual(expect.arrayContaining(expected?.payments ?? []))
        // The photo as it was; the first member's is whichever they had when the copy was taken (they
        // replaced it during the backup), served all the same.
        if (index > 0) expect(seen.photoSha256).toBe(expected?.photoSha256)
        else expect(seen.photoBytes).toBeGreaterThan(0)
      }
    } finally {
      await again.stop()
    }

    // No server on the folder: the script opens it itself. Restored over a folder in use with --force,
    // what was there is moved aside, not deleted.
    const stopped = await runScript('backup', ['--to', join(backups, 'stopped')], restored)
    expect(stopped.output).toContain('(stopped)')
    expect(stopped.code).toBe(0)
    const forced = await runScript('restore', [join(backups, 'stopped'), '--force'], original)
    expect(forced.output).toContain('Moved the data folder')
    expect(forced.code).toBe(0)
    const aside = readdirSync(original).filter((name) => name.startsWith('replaced-'))
    expect(aside).toHaveLength(1)
    expect(existsSync(join(original, aside[0] ?? '-', 'pglite', 'PG_VERSION'))).toBe(true)
  }, 600_000)
})
