import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '~/lib/errors'
import { imageMessages, prepareImage } from '~/server/services/images/prepare-image.server'
import { createDiskStorage, createMemoryStorage, newFileKey } from '~/server/storage/file-storage.server'

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })

async function refusal(upload: Uint8Array, minSide?: number): Promise<string | undefined> {
  try {
    await prepareImage(upload, { field: 'image', maxSide: 1024, minSide })
    return undefined
  } catch (error) {
    expect(error).toBeInstanceOf(AppError)
    const fieldErrors = (error as AppError).fieldErrors ?? {}
    expect(Object.keys(fieldErrors)).toEqual(['image'])
    return fieldErrors.image?.[0]
  }
}

describe('photos as we keep them', () => {
  it('re-encodes a phone photo as WebP, shrunk to fit, with its location and camera gone', async () => {
    const upload = await photo(4032, 3024)
      .jpeg()
      .withExif({
        IFD0: { Make: 'Phone maker', Model: 'Phone 15', Artist: 'Aroha' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '36/1 50/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '174/1 45/1 0/1',
        },
      })
      .toBuffer()
    // The upload really carries the location we mean to strip.
    expect((await sharp(upload).metadata()).exif).toBeDefined()

    const prepared = await prepareImage(upload, { field: 'image', maxSide: 1024 })
    expect(prepared).toMatchObject({ contentType: 'image/webp', width: 1024, height: 768 })
    const kept = await sharp(prepared.bytes).metadata()
    expect(kept).toMatchObject({ format: 'webp', width: 1024, height: 768 })
    expect(kept.exif).toBeUndefined()
    expect(kept.icc).toBeUndefined()
    expect(kept.xmp).toBeUndefined()
    expect(Buffer.from(prepared.bytes).includes('Phone maker')).toBe(false)
  })

  it('turns a photo taken sideways upright and never enlarges a small one', async () => {
    const sideways = await photo(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer()
    const prepared = await prepareImage(sideways, { field: 'image', maxSide: 1024 })
    expect(prepared).toMatchObject({ width: 300, height: 400 })
    expect((await sharp(prepared.bytes).metadata()).orientation).toBeUndefined()
  })

  it('refuses what is not a photo by its content, whatever its name: a PDF, an empty file, a broken JPEG', async () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n',
    )
    expect(await refusal(pdf)).toBe(imageMessages.notAnImage)
    expect(await refusal(new Uint8Array())).toBe(imageMessages.empty)
    const jpeg = await photo(800, 600).jpeg().toBuffer()
    expect(await refusal(new Uint8Array(jpeg.subarray(0, 600)))).toBe(imageMessages.notAnImage)
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"/>')
    expect(await refusal(svg)).toBe(imageMessages.notAnImage)
  })

  it('refuses a 30 MB file before reading it, and a picture too small to see a face', async () => {
    expect(await refusal(new Uint8Array(30 * 1024 * 1024))).toBe(imageMessages.tooLarge)
    expect(await refusal(await photo(120, 120).png().toBuffer(), 200)).toBe(imageMessages.tooSmall)
  })
})

describe('file storage', () => {
  const root = mkdtempSync(join(tmpdir(), 'gymbase-storage-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))

  for (const [kind, storage] of [
    ['disk', createDiskStorage(root)],
    ['memory', createMemoryStorage()],
  ] as const) {
    it(`keeps, gives back and removes a file (${kind})`, async () => {
      const key = newFileKey('profile-pictures', 'webp')
      expect(key).toMatch(/^profile-pictures\/[0-9a-f-]{36}\.webp$/)
      await storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp')
      expect(await storage.get(key)).toEqual({ bytes: new Uint8Array([1, 2, 3]), contentType: 'image/webp' })
      await storage.delete(key)
      expect(await storage.get(key)).toBeUndefined()
      await storage.delete(key)
    })

    it(`refuses a key that is not one of ours (${kind})`, async () => {
      for (const key of ['../escape.webp', '/etc/passwd', 'profile-pictures/../../x.webp', 'Photo 1.JPG']) {
        await expect(storage.put(key, new Uint8Array([1]), 'image/webp')).rejects.toThrow(/storage key/)
      }
    })
  }

  it('leaves no half-written file behind on disk', async () => {
    const storage = createDiskStorage(root)
    const key = newFileKey('logos', 'webp')
    await storage.put(key, new Uint8Array(1000), 'image/webp')
    expect(readdirSync(join(root, 'logos')).filter((name) => name.endsWith('.partial'))).toEqual([])
  })
})
