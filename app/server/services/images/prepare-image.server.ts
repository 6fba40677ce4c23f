import sharp from 'sharp'
import { AppError } from '~/lib/errors'

/** The largest upload we read: a phone's full-size photo fits; a 30 MB file does not. */
export const MAX_IMAGE_UPLOAD_BYTES = 12 * 1024 * 1024

/** Formats we read, by what the bytes are (never by the name or the type the browser claimed). */
const readable = new Set(['jpeg', 'png', 'webp', 'heif', 'avif'])

export const imageMessages = {
  empty: 'The file is empty. Choose a photo.',
  tooLarge: 'The photo must be no larger than 12 MB.',
  notAnImage: 'That file isn’t a photo we can read. Choose a JPEG, PNG, WebP or HEIC image.',
  tooSmall: 'The photo is too small. Choose one at least 200 pixels on each side.',
} as const

export interface PreparedImage {
  bytes: Uint8Array
  contentType: 'image/webp'
  extension: 'webp'
  width: number
  height: number
}

/**
 * An upload made safe to keep and show: checked by its content, turned upright, shrunk to fit
 * `maxSide` (never enlarged), and written anew as WebP. The new file carries no metadata — no EXIF
 * location, camera or time — because sharp writes none unless asked (DESIGN §3). Refusals are a 422 on
 * `field` in plain words; nothing is stored by this function.
 */
export async function prepareImage(
  upload: Uint8Array,
  options: { field: string; maxSide: number; minSide?: number },
): Promise<PreparedImage> {
  const refuse = (message: string) =>
    new AppError('VALIDATION', message, { fieldErrors: { [options.field]: [message] } })
  if (upload.byteLength === 0) throw refuse(imageMessages.empty)
  if (upload.byteLength > MAX_IMAGE_UPLOAD_BYTES) throw refuse(imageMessages.tooLarge)

  // A decompression bomb (a small file of a huge picture) is refused before it is decoded.
  const image = sharp(upload, { limitInputPixels: 50_000_000, failOn: 'error' })
  let format: string | undefined
  let width = 0
  let height = 0
  try {
    const metadata = await image.metadata()
    format = metadata.format
    // EXIF orientation 5–8 turns the picture a quarter: its upright size swaps the sides.
    const turned = (metadata.orientation ?? 1) >= 5
    width = (turned ? metadata.height : metadata.width) ?? 0
    height = (turned ? metadata.width : metadata.height) ?? 0
  } catch {
    throw refuse(imageMessages.notAnImage)
  }
  if (!format || !readable.has(format)) throw refuse(imageMessages.notAnImage)
  const minSide = options.minSide ?? 1
  if (width < minSide || height < minSide) throw refuse(imageMessages.tooSmall)

  try {
    const { data, info } = await image
      .rotate()
      .resize({ width: options.maxSide, height: options.maxSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true })
    return {
      bytes: new Uint8Array(data),
      contentType: 'image/webp',
      extension: 'webp',
      width: info.width,
      height: info.height,
    }
  } catch {
    // A file whose header reads as an image but whose body doesn't (truncated, corrupt).
    throw refuse(imageMessages.notAnImage)
  }
}
