import { join } from 'node:path'
import { getEnv } from '~/lib/env.server'
import { createDiskStorage, createMemoryStorage, type FileStorage } from './file-storage.server'

let storage: FileStorage | undefined

/** The process's file store: `DATA_DIR/uploads` on disk, or memory beside a `memory://` database. */
export function getFileStorage(): FileStorage {
  if (!storage) {
    const dataDir = getEnv().DATA_DIR
    storage = dataDir.startsWith('memory://')
      ? createMemoryStorage()
      : createDiskStorage(join(dataDir, 'uploads'))
  }
  return storage
}
