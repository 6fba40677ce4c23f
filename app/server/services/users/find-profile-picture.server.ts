import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import type { FileStorage, StoredFile } from '~/server/storage/file-storage.server'
import { findStoredImage } from '../images/find-stored-image.server'

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
  return findStoredImage(options.storage, owner?.profilePicture, 'No photo yet.')
}
