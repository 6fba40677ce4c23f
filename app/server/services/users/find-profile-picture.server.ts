import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import type { FileStorage, StoredFile } from '~/server/storage/file-storage.server'

/** A user's photo as stored; a user without one (or unknown) is a 404 in words. */
export async function findProfilePicture(options: {
  db: Db
  storage: FileStorage
  userId: number
}): Promise<StoredFile> {
  const [owner] = await options.db
    .select({ profilePicture: users.profilePicture })
    .from(users)
    .where(eq(users.id, options.userId))
  const file = owner?.profilePicture ? await options.storage.get(owner.profilePicture) : undefined
  if (!file) throw new AppError('NOT_FOUND', 'No photo yet.')
  return file
}
