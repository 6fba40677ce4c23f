import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { logger } from '~/server/logger.server'
import { type FileStorage, newFileKey } from '~/server/storage/file-storage.server'
import { prepareImage, uploadedBytes } from '../images/prepare-image.server'
import { findUserById } from './find-user.server'

/** Largest side of a kept profile picture: sharp on a phone screen and a door tablet, small on disk. */
export const PROFILE_PICTURE_SIDE = 1024

/**
 * A user's photo: the upload made safe (`prepareImage`: refused with nothing stored when it isn't a
 * usable photo), kept under a new key, then recorded on the user; the photo it replaces is removed
 * afterwards. A crash between the two leaves an unused file, never a user pointing at no file.
 */
export async function setProfilePicture(options: {
  db: Db
  storage: FileStorage
  userId: number
  upload: Uint8Array
}): Promise<string> {
  const image = await prepareImage(options.upload, {
    field: 'image',
    maxSide: PROFILE_PICTURE_SIDE,
    minSide: 200,
  })
  const key = newFileKey('profile-pictures', image.extension)
  await options.storage.put(key, image.bytes, image.contentType)
  const [before] = await options.db
    .select({ profilePicture: users.profilePicture })
    .from(users)
    .where(eq(users.id, options.userId))
  await options.db.update(users).set({ profilePicture: key }).where(eq(users.id, options.userId))
  const old = before?.profilePicture
  if (old && old !== key) {
    await options.storage.delete(old).catch((error: unknown) => {
      logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'old photo not removed',
      )
    })
  }
  return key
}

const choosePhotoMessage = 'Choose a photo to upload.'

/** The take-photo step's upload (a form's `image` part): the photo kept, answered with the fresh user. */
export async function setUploadedProfilePicture(options: {
  db: Db
  storage: FileStorage
  userId: number
  image: unknown
}) {
  const upload = await uploadedBytes(options.image, 'image', choosePhotoMessage)
  await setProfilePicture({ ...options, upload })
  return findUserById({ db: options.db, userId: options.userId })
}
