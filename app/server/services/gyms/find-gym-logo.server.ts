import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import type { FileStorage, StoredFile } from '~/server/storage/file-storage.server'
import { findStoredImage } from '../images/find-stored-image.server'

/** The storage key of a gym's logo, by its public uuid; undefined when the gym or its logo is unknown. */
export async function findGymLogoKey(options: { db: Db; uuid: string }): Promise<string | undefined> {
  const [gym] = await options.db.select({ logo: gyms.logo }).from(gyms).where(eq(gyms.uuid, options.uuid))
  return gym?.logo ?? undefined
}

/** A gym's logo file, by its public uuid; a gym without one (or unknown) is a 404 in words. */
export async function findGymLogo(options: {
  db: Db
  storage: FileStorage
  uuid: string
}): Promise<StoredFile> {
  return findStoredImage(options.storage, await findGymLogoKey(options), 'No logo yet.')
}
