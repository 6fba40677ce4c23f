import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { logger } from '~/server/logger.server'
import { type FileStorage, newFileKey } from '~/server/storage/file-storage.server'
import { recordAudit } from '../audit/record-audit.server'
import { logoMessages, MAX_LOGO_UPLOAD_BYTES, prepareImage } from '../images/prepare-image.server'

/** Largest side of a kept logo: crisp in the console's lists and the join site's header, small on disk. */
export const GYM_LOGO_SIDE = 512

/**
 * A gym's logo (issue 17, ADR 022): the upload made safe by `prepareImage` (checked by its bytes,
 * re-encoded as WebP without metadata, at most 5 MB; refused in words on `file`, nothing kept), stored
 * under a new key of ours, then recorded on the gym with an audit line in one transaction. The logo it
 * replaces is removed afterwards: a crash in between leaves an unused file, never a gym without one.
 */
export async function setGymLogo(options: {
  db: Db
  storage: FileStorage
  organisationId: number
  gymId: number
  upload: Uint8Array
  actorId: number
  now: Date
}): Promise<string> {
  const image = await prepareImage(options.upload, {
    field: 'file',
    maxSide: GYM_LOGO_SIDE,
    minSide: 64,
    maxBytes: MAX_LOGO_UPLOAD_BYTES,
    messages: logoMessages,
  })
  const key = newFileKey('gym-logos', image.extension)
  await options.storage.put(key, image.bytes, image.contentType)
  const old = await options.db
    .transaction(async (tx) => {
      const [gym] = await tx
        .select({ id: gyms.id, logo: gyms.logo })
        .from(gyms)
        .where(and(eq(gyms.id, options.gymId), ownedBy(gyms, options.organisationId)))
        .for('update')
      if (!gym) throw new AppError('NOT_FOUND', 'Gym not found.')
      await tx.update(gyms).set({ logo: key, updatedAt: options.now }).where(eq(gyms.id, gym.id))
      await recordAudit(tx, {
        organisationId: options.organisationId,
        actorUserId: options.actorId,
        action: 'gym.logo_changed',
        subjectType: 'gym',
        subjectId: gym.id,
        changes: { logo: { from: gym.logo, to: key }, width: image.width, height: image.height },
      })
      return gym.logo
    })
    .catch(async (error: unknown) => {
      await options.storage.delete(key).catch(() => undefined)
      throw error
    })
  if (old && old !== key) {
    await options.storage.delete(old).catch((error: unknown) => {
      logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'old logo not removed',
      )
    })
  }
  return key
}
