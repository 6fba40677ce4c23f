import { and, eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import { chooseLogoMessage, logoCollectionMessage } from '~/contracts/gyms'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { logger } from '~/server/logger.server'
import { type FileStorage, newFileKey } from '~/server/storage/file-storage.server'
import { recordAudit } from '../audit/record-audit.server'
import {
  logoMessages,
  MAX_LOGO_UPLOAD_BYTES,
  prepareImage,
  uploadedBytes,
} from '../images/prepare-image.server'
import { validationError } from '../service-input.server'
import { findGym } from './find-gyms.server'

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

/**
 * The gym screen's upload (a form with `collection: logo` and a `file` part): the logo kept, answered
 * with the gym as the gyms screens show it.
 */
export async function setUploadedGymLogo(
  options: Omit<Parameters<typeof setGymLogo>[0], 'upload'> & {
    form: { collection?: unknown; file?: unknown }
  },
) {
  const { form, ...rest } = options
  if (form.collection !== 'logo') throw validationError('collection', logoCollectionMessage)
  const upload = await uploadedBytes(form.file, 'file', chooseLogoMessage)
  await setGymLogo({ ...rest, upload })
  return findGym({
    db: rest.db,
    organisationId: rest.organisationId,
    viewerId: rest.actorId,
    gymId: rest.gymId,
  })
}
