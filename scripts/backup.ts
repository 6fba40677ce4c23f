/**
 * `npm run backup [-- --to FOLDER]`: a consistent copy of the embedded database and the uploaded files
 * (ADR 059), into FOLDER (default `backups/gymbase-<UTC time>`), while the app runs or not.
 *
 * - A server runs on DATA_DIR: it is asked over its backup channel (`DATA_DIR/backup.sock`, the folder
 *   owner's only). It holds deletes of uploaded files back, copies its database in one moment (no other
 *   statement runs meanwhile: a CHECKPOINT, then PGlite's dump of the data folder) and sends it; this
 *   script then copies the uploads and lets the deletes go on. Requests wait during the copy itself
 *   (about a second for the demo's database), not while the uploads are copied.
 * - No server runs: the data folder is opened here and copied the same way. Don't start a server on it
 *   until this finishes.
 *
 * The backup is written beside its final name and renamed when whole, and checked before it is: every
 * file the database names is in it. On PostgreSQL (DATABASE_URL) use pg_dump or base backups with WAL
 * archiving instead: docs/operations.md.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import { request } from 'node:http'
import { dirname, join, resolve } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import { createGzip } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '~/db/pglite-setup.server'
import { backupSocketName } from '~/server/backup/backup-channel.server'
import { type DatabaseFacts, snapshotPglite } from '~/server/backup/snapshot.server'
import { askBackupSocket } from '~/server/backup/start-backup-channel.server'
import {
  type BackupManifest,
  backupFormat,
  describeFiles,
  filesUnder,
  lastMigration,
  missingUploads,
  pgliteVersion,
} from './lib/backup-folder.ts'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { to: { type: 'string' } } })

/** Removes a half-written backup, once there is one. */
let cleanUp = () => {}

function stop(message: string): never {
  cleanUp()
  console.error(`Backup not made: ${message}`)
  process.exit(1)
}

if (process.env.DATABASE_URL) {
  stop(
    'DATABASE_URL names a PostgreSQL database. Back it up with pg_dump, or base backups and WAL archiving (docs/operations.md).',
  )
}
const dataDir = resolve(process.env.DATA_DIR ?? '.data')
if (dataDir.startsWith('memory:') || (process.env.DATA_DIR ?? '').startsWith('memory://')) {
  stop('DATA_DIR is memory://: the database lives only inside the server process and ends with it.')
}
if (!existsSync(join(dataDir, 'pglite', 'PG_VERSION'))) stop(`there is no embedded database in ${dataDir}.`)

const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const target = resolve(values.to ?? join('backups', `gymbase-${stamp}`))
if (existsSync(target)) stop(`${target} exists already; name a new folder with --to.`)
const partial = `${target}.partial`
rmSync(partial, { recursive: true, force: true })
// Personal data: the owner's only (the key to the encrypted columns is never in it).
mkdirSync(partial, { recursive: true, mode: 0o700 })
cleanUp = () => rmSync(partial, { recursive: true, force: true })

/** Copies the uploads the way they are now; files being written (`*.partial`) are not yet anyone's. */
async function copyUploads(): Promise<number> {
  const from = join(dataDir, 'uploads')
  const files = filesUnder(from).filter((path) => !path.endsWith('.partial'))
  for (const path of files) {
    const to = join(partial, 'uploads', path)
    await mkdir(dirname(to), { recursive: true })
    await copyFile(join(from, path), to)
  }
  return files.length
}

function call(method: string, path: string): Promise<import('node:http').IncomingMessage> {
  return new Promise((resolveAnswer, reject) => {
    const asking = request({ socketPath: join(dataDir, backupSocketName), method, path }, resolveAnswer)
    asking.on('error', reject)
    asking.end()
  })
}

async function readJson<T>(answer: import('node:http').IncomingMessage): Promise<T> {
  const chunks: Buffer[] = []
  for await (const chunk of answer) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T
}

const started = performance.now()
const databaseFile = join(partial, 'database.tar.gz')
let facts: DatabaseFacts
let takenFrom: BackupManifest['taken_from']
let uploadCount: number
/** How long the database was held for its copy (the running server's requests waited that long). */
let heldMs: number
try {
  const server = await askBackupSocket(dataDir)
  if (server) {
    takenFrom = 'running server'
    const answer = await call('POST', '/snapshot')
    if (answer.statusCode !== 200) {
      stop(
        `the server (process ${server.pid}) answered ${answer.statusCode}: ${(await readJson<{ message?: string }>(answer)).message ?? ''}`,
      )
    }
    const hold = String(answer.headers['x-backup-hold'])
    heldMs = Number(answer.headers['x-backup-ms'])
    try {
      await pipeline(answer, createGzip(), createWriteStream(databaseFile))
      facts = await readJson<DatabaseFacts>(await call('GET', `/facts/${hold}`))
      uploadCount = await copyUploads()
    } finally {
      ;(await call('POST', `/release/${hold}`)).resume()
    }
  } else {
    takenFrom = 'stopped'
    const pglite = await PGlite.create(join(dataDir, 'pglite'), { extensions: pgliteExtensions })
    try {
      const copying = performance.now()
      const snapshot = await snapshotPglite(pglite)
      heldMs = Math.round(performance.now() - copying)
      facts = snapshot.facts
      await pipeline(
        Readable.from([Buffer.from(await snapshot.tarball.arrayBuffer())]),
        createGzip(),
        createWriteStream(databaseFile),
      )
      uploadCount = await copyUploads()
    } finally {
      await pglite.close()
    }
  }
  const missing = missingUploads(join(partial, 'uploads'), facts)
  if (missing.length > 0) {
    stop(`${missing.length} file(s) the database names are not in DATA_DIR/uploads (first: ${missing[0]}).`)
  }
  const manifest: BackupManifest = {
    format: backupFormat,
    created_at: new Date().toISOString(),
    taken_from: takenFrom,
    pglite_version: pgliteVersion(root),
    code_last_migration: lastMigration(root),
    facts,
    files: await describeFiles(partial),
  }
  writeFileSync(join(partial, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  renameSync(partial, target)
} catch (error) {
  cleanUp()
  throw error
}

const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.info(
  `Backed up ${dataDir} (${takenFrom}) to ${target} in ${seconds} s, the database held for ${heldMs} ms:`,
)
console.info(
  `  ${facts.users} users, ${facts.subscriptions} memberships, ${facts.payments} payments; ${uploadCount} uploaded files (${facts.files.length} named by the database)`,
)
console.info(`Restore with: npm run restore -- ${target}`)
