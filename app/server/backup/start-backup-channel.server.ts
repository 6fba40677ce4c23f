import { request } from 'node:http'
import { join } from 'node:path'
import type { DatabaseHandle } from '~/db/client.server'
import { logger } from '../logger.server'
import { type BackupChannel, backupSocketName, startBackupChannel } from './backup-channel.server'

declare global {
  // On globalThis: Vite's dev server evaluates the modules again on change, in the same process.
  var gymbaseBackupChannel: Promise<BackupChannel | undefined> | undefined
}

/** The process answering on a data folder's backup socket, or undefined when none does. */
export function askBackupSocket(dataDir: string): Promise<{ pid: number } | undefined> {
  return new Promise((resolve) => {
    const asking = request(
      { socketPath: join(dataDir, backupSocketName), path: '/status', timeout: 5000 },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { pid: number })
          } catch {
            resolve(undefined)
          }
        })
      },
    )
    asking.on('error', () => resolve(undefined))
    asking.on('timeout', () => asking.destroy())
    asking.end()
  })
}

/**
 * Opens the backup channel when the database is embedded in a data folder (ADR 059); on PostgreSQL
 * (pg_dump, base backups) and in memory there is nothing for it to copy. Not fatal: without it the
 * server answers as before and `npm run backup` says the server cannot be asked.
 */
export function openBackupChannel(
  handle: DatabaseHandle,
  dataDir: string,
): Promise<BackupChannel | undefined> {
  if (handle.driver.kind !== 'pglite' || dataDir.startsWith('memory://')) return Promise.resolve(undefined)
  const { pglite } = handle.driver
  globalThis.gymbaseBackupChannel ??= (async () => {
    const other = await askBackupSocket(dataDir)
    if (other && other.pid !== process.pid) {
      logger.error(
        { pid: other.pid },
        'another process serves this data folder; this one opens no backup channel (two processes on one embedded database damage it)',
      )
      return undefined
    }
    return startBackupChannel({ pglite, dataDir })
  })().catch((error: unknown) => {
    logger.error(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'could not open the backup channel; npm run backup cannot copy this server’s data',
    )
    return undefined
  })
  return globalThis.gymbaseBackupChannel
}

export async function closeBackupChannel(): Promise<void> {
  const opening = globalThis.gymbaseBackupChannel
  globalThis.gymbaseBackupChannel = undefined
  await (await opening)?.close()
}
