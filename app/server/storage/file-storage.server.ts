import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import { deleteOrHold } from './delete-hold.server'

/**
 * Where uploaded files live (DESIGN §3): profile pictures, gym logos. One interface, so an
 * S3-compatible store can replace the local disk later without a service noticing. Keys are ours
 * (`profile-pictures/<uuid>.webp`), never a name a person typed.
 */
export interface FileStorage {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** The file, or undefined when there is none under the key. */
  get(key: string): Promise<StoredFile | undefined>
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>
}

export interface StoredFile {
  /** Over an ArrayBuffer of its own (never a shared one), so it can be a response body as it is. */
  bytes: Uint8Array<ArrayBuffer>
  contentType: string
}

const keyPattern = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/

/** A key we make: a folder and a random name with the file's extension. */
export function newFileKey(folder: string, extension: string): string {
  const key = `${folder}/${randomUUID()}.${extension}`
  assertKey(key)
  return key
}

function assertKey(key: string) {
  if (!keyPattern.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`)
}

const contentTypes: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  pdf: 'application/pdf',
}

/**
 * Files on the local disk under `root` (`DATA_DIR/uploads`). A file is written to a temporary name
 * and renamed into place, so a reader never sees half a file and a crash leaves no partial upload.
 */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    assertKey(key)
    const path = resolve(join(base, key))
    if (!path.startsWith(`${base}${sep}`)) throw new Error('A storage key left the storage folder')
    return path
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temporary = `${path}.${randomUUID()}.partial`
      await writeFile(temporary, bytes)
      await rename(temporary, path)
    },
    async get(key) {
      try {
        const bytes = new Uint8Array(await readFile(pathOf(key)))
        const extension = key.slice(key.lastIndexOf('.') + 1)
        return { bytes, contentType: contentTypes[extension] ?? 'application/octet-stream' }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(key) {
      const path = pathOf(key)
      await deleteOrHold(() => rm(path, { force: true }))
    },
  }
}

/** Files in memory, for a throw-away database (`DATA_DIR=memory://`) and tests. */
export function createMemoryStorage(): FileStorage {
  const files = new Map<string, StoredFile>()
  return {
    async put(key, bytes, contentType) {
      assertKey(key)
      files.set(key, { bytes: new Uint8Array(bytes), contentType })
    },
    async get(key) {
      assertKey(key)
      return files.get(key)
    },
    async delete(key) {
      assertKey(key)
      files.delete(key)
    },
  }
}
