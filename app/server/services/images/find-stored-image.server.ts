import { AppError } from '~/lib/errors'
import type { FileStorage, StoredFile } from '~/server/storage/file-storage.server'

/** An image kept under `key` (a photo, a logo); none kept, or its file gone, is a 404 in `missing`'s words. */
export async function findStoredImage(
  storage: FileStorage,
  key: string | null | undefined,
  missing: string,
): Promise<StoredFile> {
  const file = key ? await storage.get(key) : undefined
  if (!file) throw new AppError('NOT_FOUND', missing)
  return file
}
