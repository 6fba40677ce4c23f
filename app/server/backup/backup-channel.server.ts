import { randomUUID } from 'node:crypto'
import { chmodSync, existsSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { logger } from '../logger.server'
import { holdDeletes } from '../storage/delete-hold.server'
import { type DatabaseFacts, snapshotPglite } from './snapshot.server'

/**
 * The running server's backup channel (ADR 059). The embedded database belongs to one process, and only
 * that process can copy it consistently, so `npm run backup` asks it to: over HTTP on a Unix socket in
 * the data folder (`DATA_DIR/backup.sock`), readable and writable by the folder's owner only. Nothing
 * listens on a network port; who may read the data folder may ask for its copy, nobody else.
 *
 * - `GET /status`: which process answers, so the script knows a server owns the folder.
 * - `POST /snapshot`: holds deletes of uploaded files back, copies the database (snapshot.server.ts)
 *   and answers it as a tar file; `X-Backup-Hold` names the hold.
 * - `GET /facts/<hold>`: what that copy holds (counts, the uploaded files it names).
 * - `POST /release/<hold>`: the uploads are copied; deletes may go on. A hold a script never releases
 *   (it died) ends by itself after ten minutes.
 */
export const backupSocketName = 'backup.sock'
const holdLimitMs = 10 * 60_000

export interface BackupChannel {
  close(): Promise<void>
}

export async function startBackupChannel(options: {
  pglite: PGlite
  dataDir: string
}): Promise<BackupChannel> {
  const socketPath = join(options.dataDir, backupSocketName)
  const holds = new Map<
    string,
    { release: () => Promise<void>; timer: NodeJS.Timeout; facts?: DatabaseFacts }
  >()
  const release = async (id: string) => {
    const hold = holds.get(id)
    if (!hold) return false
    holds.delete(id)
    clearTimeout(hold.timer)
    await hold.release()
    return true
  }

  const server: Server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(body))
    }
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://backup')
      if (request.method === 'GET' && url.pathname === '/status') {
        return answer(200, { pid: process.pid, database: 'pglite', dataDir: options.dataDir })
      }
      if (request.method === 'POST' && url.pathname === '/snapshot') {
        const id = randomUUID()
        const releaseDeletes = holdDeletes()
        holds.set(id, {
          release: releaseDeletes,
          timer: setTimeout(() => void release(id), holdLimitMs).unref(),
        })
        try {
          const started = performance.now()
          const { tarball, facts } = await snapshotPglite(options.pglite)
          const ms = Math.round(performance.now() - started)
          const hold = holds.get(id)
          if (hold) hold.facts = facts
          logger.info({ ms, bytes: tarball.size }, 'backup: copied the embedded database')
          response.writeHead(200, {
            'Content-Type': 'application/x-tar',
            'Content-Length': String(tarball.size),
            'X-Backup-Hold': id,
            // How long the process's other statements waited for the copy.
            'X-Backup-Ms': String(ms),
          })
          response.end(Buffer.from(await tarball.arrayBuffer()))
        } catch (error) {
          await release(id)
          throw error
        }
        return
      }
      const facts = url.pathname.match(/^\/facts\/([0-9a-f-]{36})$/)
      if (request.method === 'GET' && facts?.[1]) {
        const hold = holds.get(facts[1])
        return hold?.facts ? answer(200, hold.facts) : answer(404, { message: 'No such backup.' })
      }
      const released = url.pathname.match(/^\/release\/([0-9a-f-]{36})$/)
      if (request.method === 'POST' && released?.[1]) {
        return answer((await release(released[1])) ? 200 : 404, {})
      }
      return answer(404, { message: 'No such backup request.' })
    })().catch((error: unknown) => {
      logger.error(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'backup: the copy failed',
      )
      if (!response.headersSent) answer(500, { message: 'The server could not copy its database.' })
      else response.destroy()
    })
  })

  // A socket left by a process that died: nothing answers on it (the caller checked), so take its place.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socketPath, () => {
      server.off('error', reject)
      resolve()
    })
  })
  chmodSync(socketPath, 0o600)
  return {
    async close() {
      for (const id of [...holds.keys()]) await release(id)
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(socketPath, { force: true })
    },
  }
}
