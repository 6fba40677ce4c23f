/**
 * The backup folder `npm run backup` writes and `npm run restore` reads (ADR 059):
 *
 *   manifest.json      what the copy holds and every file's size and SHA-256
 *   database.tar.gz    the embedded database's data folder (PGlite's own dump), gzip
 *   uploads/…          the uploaded files (profile pictures, logos), as they sit in DATA_DIR/uploads
 *
 * A plain folder, so an operator can look into it, copy it off the machine (rsync, restic, a bucket)
 * and check it with `sha256sum` against the manifest without our code.
 */
import { createHash } from 'node:crypto'
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { DatabaseFacts } from '~/server/backup/snapshot.server'

export const backupFormat = 'gymbase-backup/1'

export interface BackupManifest {
  format: typeof backupFormat
  created_at: string
  /** `running server`: copied through its backup channel; `stopped`: no server held the folder. */
  taken_from: 'running server' | 'stopped'
  pglite_version: string
  /** The last migration of the code that took the backup (drizzle/meta/_journal.json's tag). */
  code_last_migration: string
  facts: DatabaseFacts
  files: Array<{ path: string; bytes: number; sha256: string }>
}

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Every file under `folder`, as paths relative to it with `/` between parts, sorted. */
export function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((path) => statSync(join(folder, path)).isFile())
    .map((path) => path.split(sep).join('/'))
    .sort()
}

/** The manifest's list of files: size and checksum of each file of the backup folder. */
export async function describeFiles(folder: string): Promise<BackupManifest['files']> {
  const files: BackupManifest['files'] = []
  for (const path of filesUnder(folder)) {
    if (path === 'manifest.json') continue
    const full = join(folder, path)
    files.push({ path, bytes: statSync(full).size, sha256: await sha256Of(full) })
  }
  return files
}

/** What is wrong with a backup folder's files against its manifest, in words; empty when nothing is. */
export async function checkFiles(folder: string, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = []
  const listed = new Set(manifest.files.map((file) => file.path))
  for (const file of manifest.files) {
    const full = join(folder, file.path)
    if (!existsSync(full)) problems.push(`${file.path} is missing`)
    else if (statSync(full).size !== file.bytes)
      problems.push(`${file.path} has another size than the manifest says`)
    else if ((await sha256Of(full)) !== file.sha256)
      problems.push(`${file.path} has another checksum than the manifest says`)
  }
  for (const path of filesUnder(folder)) {
    if (path !== 'manifest.json' && !listed.has(path)) problems.push(`${path} is not in the manifest`)
  }
  return problems
}

export function readManifest(folder: string): BackupManifest | string {
  const path = join(folder, 'manifest.json')
  if (!existsSync(path)) return `${folder} is not a Gymbase backup: it has no manifest.json.`
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8')) as BackupManifest
  } catch {
    return `${path} cannot be read as a backup manifest.`
  }
  if (manifest.format !== backupFormat) {
    return `${folder} is a backup of another format (${String(manifest.format)}); this version restores ${backupFormat}.`
  }
  return manifest
}

/** The uploaded files a database names that a folder of uploads lacks. */
export function missingUploads(uploads: string, facts: DatabaseFacts): string[] {
  return facts.files.filter((key) => !existsSync(join(uploads, key)))
}

function journal(root: string): Array<{ tag: string }> {
  return (
    JSON.parse(readFileSync(join(root, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: Array<{ tag: string }>
    }
  ).entries
}

export const lastMigration = (root: string): string => journal(root).at(-1)?.tag ?? 'none'
export const migrationCount = (root: string): number => journal(root).length

export function pgliteVersion(root: string): string {
  return (
    JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
      version: string
    }
  ).version
}

export const relativeTo = (from: string, path: string) => relative(from, path) || '.'
