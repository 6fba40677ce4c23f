/**
 * `npm run restore -- BACKUP_FOLDER [--force]`: brings a backup `npm run backup` made back into DATA_DIR
 * (ADR 059). It checks every file against the manifest's checksums first, refuses a data folder whose
 * database or uploads are not empty unless `--force` is given (then they are moved aside into
 * `DATA_DIR/replaced-<UTC time>/`, never deleted), and refuses while a server runs on DATA_DIR. After
 * loading, it opens the restored database and compares it with what the backup said it holds (users,
 * memberships, payments, every uploaded file it names); start the server on DATA_DIR afterwards.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { pgliteExtensions } from '~/db/pglite-setup.server'
import { readDatabaseFacts } from '~/server/backup/snapshot.server'
import { askBackupSocket } from '~/server/backup/start-backup-channel.server'
import { checkFiles, filesUnder, migrationCount, missingUploads, readManifest } from './lib/backup-folder.ts'

const root = resolve(import.meta.dirname, '..')
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
})

function stop(message: string): never {
  console.error(`Nothing restored: ${message}`)
  process.exit(1)
}

const [source] = positionals
if (!source) stop('name the backup folder: npm run restore -- backups/gymbase-… [--force]')
const backup = resolve(source)
if ((process.env.DATA_DIR ?? '').startsWith('memory://'))
  stop('DATA_DIR is memory://; name a folder to restore into.')
const dataDir = resolve(process.env.DATA_DIR ?? '.data')
const manifest = readManifest(backup)
if (typeof manifest === 'string') stop(manifest)

const problems = await checkFiles(backup, manifest)
if (problems.length > 0) stop(`the backup is damaged: ${problems.slice(0, 5).join('; ')}.`)
if (manifest.facts.migrations > migrationCount(root)) {
  stop(
    `the backup's database has ${manifest.facts.migrations} migrations and this code knows ${migrationCount(root)}: restore it with the version that made it (${manifest.code_last_migration}).`,
  )
}
const server = await askBackupSocket(dataDir)
if (server) stop(`a server (process ${server.pid}) runs on ${dataDir}; stop it first.`)

const databaseDir = join(dataDir, 'pglite')
const uploadsDir = join(dataDir, 'uploads')
const inUse = [databaseDir, uploadsDir].filter((dir) => existsSync(dir) && readdirSync(dir).length > 0)
if (inUse.length > 0) {
  if (!values.force) {
    stop(
      `${inUse.join(' and ')} ${inUse.length > 1 ? 'are' : 'is'} not empty. Restore into an empty DATA_DIR, or give --force to move what is there aside.`,
    )
  }
  const aside = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`)
  mkdirSync(aside, { recursive: true })
  for (const dir of inUse) renameSync(dir, join(aside, dir === databaseDir ? 'pglite' : 'uploads'))
  console.info(`Moved the data folder's database and uploads aside to ${aside}`)
}
rmSync(databaseDir, { recursive: true, force: true })
rmSync(uploadsDir, { recursive: true, force: true })

const started = performance.now()
const tarball = new Blob([gunzipSync(readFileSync(join(backup, 'database.tar.gz')))])
mkdirSync(databaseDir, { recursive: true })
const pglite = await PGlite.create(databaseDir, { extensions: pgliteExtensions, loadDataDir: tarball })
const restored = await (async () => {
  try {
    return await readDatabaseFacts((sql) => pglite.query(sql))
  } finally {
    await pglite.close()
  }
})()

const uploads = filesUnder(join(backup, 'uploads'))
for (const path of uploads) {
  const to = join(uploadsDir, path)
  await mkdir(dirname(to), { recursive: true })
  await copyFile(join(backup, 'uploads', path), to)
}

const differences = (['users', 'subscriptions', 'payments', 'migrations'] as const)
  .filter((name) => restored[name] !== manifest.facts[name])
  .map((name) => `${name}: ${restored[name]} restored, ${manifest.facts[name]} backed up`)
if (restored.files.join('\n') !== manifest.facts.files.join('\n'))
  differences.push('the uploaded files it names differ')
const missing = missingUploads(uploadsDir, restored)
if (missing.length > 0)
  differences.push(`${missing.length} named file(s) missing from the uploads (first: ${missing[0]})`)
if (differences.length > 0) {
  console.error(
    `The restored database differs from the backup: ${differences.join('; ')}. Do not start on it.`,
  )
  process.exit(1)
}

const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.info(`Restored ${backup} (taken ${manifest.created_at}) into ${dataDir} in ${seconds} s:`)
console.info(
  `  ${restored.users} users, ${restored.subscriptions} memberships, ${restored.payments} payments; ${uploads.length} uploaded files, all ${restored.files.length} the database names present`,
)
console.info('Start the server on it: npm start (with the same DATA_DIR).')
