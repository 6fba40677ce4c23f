import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises'
import { join, relative } from 'node:path'

/** Copies at once: libuv's threads each copy a file with the kernel's copy_file_range (ADR 055). */
const copiesAtOnce = 8

/**
 * Copies the folder `from` into the empty (or missing) folder `to`, whole or not at all: the files go
 * into a sibling folder first, which is renamed into place when every file is there, so a start killed
 * mid-copy leaves `to` empty for the next start rather than half a database. The files are copied
 * several at a time: Node's own `cp` stats and copies one after another, 1.5 s for the template's
 * 1,363 files where this takes 0.3 s. No imports but Node's: `npm start` runs it before the server
 * bundle is loaded (scripts/lib/early-database.ts).
 */
export async function copyFolderWhole(from: string, to: string): Promise<void> {
  const partial = `${to}.partial-${randomBytes(4).toString('hex')}`
  try {
    const entries = await readdir(from, { recursive: true, withFileTypes: true })
    await mkdir(partial, { recursive: true })
    for (const entry of entries) {
      if (entry.isDirectory())
        await mkdir(join(partial, relative(from, join(entry.parentPath, entry.name))), { recursive: true })
    }
    const files = entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(from, join(entry.parentPath, entry.name)))
    let next = 0
    const copier = async () => {
      while (next < files.length) {
        const file = files[next++] as string
        await copyFile(join(from, file), join(partial, file))
      }
    }
    await Promise.all(Array.from({ length: copiesAtOnce }, copier))
    // rename(2) replaces an empty folder; a missing one is simply made.
    await rmdir(to).catch(() => {})
    await rename(partial, to)
  } finally {
    await rm(partial, { recursive: true, force: true })
  }
}
