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

export type ImageMessages = Record<keyof typeof imageMessages, string>

/** A gym's logo (issue 17): the same checks, said of a logo. */
export const MAX_LOGO_UPLOAD_BYTES = 5 * 1024 * 1024
export const logoMessages: ImageMessages = {
  empty: 'The file is empty. Choose your logo as an image.',
  tooLarge: 'The logo must be no larger than 5 MB.',
  notAnImage: 'That file isn’t an image we can read. Choose a PNG, JPEG or WebP logo (SVG isn’t accepted).',
  tooSmall: 'The logo is too small. Choose one at least 64 pixels on each side.',
}

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
  options: {
    field: string
    maxSide: number
    minSide?: number
    /** At most `MAX_IMAGE_UPLOAD_BYTES`; a logo takes less. */
    maxBytes?: number
    /** The refusals' words: a photo's unless given. */
    messages?: ImageMessages
  },
): Promise<PreparedImage> {
  const messages = options.messages ?? imageMessages
  const refuse = (message: string) =>
    new AppError('VALIDATION', message, { fieldErrors: { [options.field]: [message] } })
  if (upload.byteLength === 0) throw refuse(messages.empty)
  const maxBytes = Math.min(options.maxBytes ?? MAX_IMAGE_UPLOAD_BYTES, MAX_IMAGE_UPLOAD_BYTES)
  if (upload.byteLength > maxBytes) throw refuse(messages.tooLarge)

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
    throw refuse(messages.notAnImage)
  }
  if (!format || !readable.has(format)) throw refuse(messages.notAnImage)
  const minSide = options.minSide ?? 1
  if (width < minSide || height < minSide) throw refuse(messages.tooSmall)

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
    throw refuse(messages.notAnImage)
  }
}

/** The bytes of a form's file part, or a 422 on `field` in `message` when the part is not a file. */
export async function uploadedBytes(part: unknown, field: string, message: string): Promise<Uint8Array> {
  if (!(part instanceof File))
    throw new AppError('VALIDATION', message, { fieldErrors: { [field]: [message] } })
  return new Uint8Array(await part.arrayBuffer())
}
