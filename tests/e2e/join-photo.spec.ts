import { joinUrl } from '../../playwright.config'
import { fillAboutYou, signUpThroughScreens } from './support/join'
import { expect, test } from './support/test'

test.use({ permissions: ['camera'] })

test.describe('the join flow’s photo step', () => {
  test('a new member refused a PDF, then takes a photo with the camera, retakes it and sends it @phone', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signUpThroughScreens(page, { gym: /Ponsonby/, name: 'Photo Tester', prefix: 'photo' })
    await fillAboutYou(page)
    await expect(page.getByRole('heading', { name: 'Add your photo' })).toBeVisible()
    const steps = page.getByRole('navigation', { name: 'Joining steps' })
    await expect(steps.locator('[aria-current="step"]')).toHaveText('Photo')

    // A PDF named like a photo is refused in words, and nothing moves on.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'holiday.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    })
    await expect(page.getByRole('img', { name: 'Your photo, as it will be sent' })).toBeVisible()
    await page.getByRole('button', { name: 'Use this photo' }).click()
    await expect(page.getByRole('alert')).toContainText('That file isn’t a photo we can read.')
    await expect(page).toHaveURL(`${joinUrl}/take-photo`)

    // The camera: a live preview, a capture, a retake, another capture, then it is sent.
    await page.getByRole('button', { name: 'Retake' }).click()
    await page.getByRole('button', { name: 'Use the camera' }).click()
    await expect(page.getByLabel('Camera preview')).toBeVisible()
    await page.getByRole('button', { name: 'Take photo' }).click()
    await page.getByRole('button', { name: 'Retake' }).click()
    await page.getByRole('button', { name: 'Use the camera' }).click()
    await page.getByRole('button', { name: 'Take photo' }).click()
    // The preview is the picture taken, not an empty frame.
    const preview = page.getByRole('img', { name: 'Your photo, as it will be sent' })
    await expect
      .poll(() => preview.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)
    await page.getByRole('button', { name: 'Use this photo' }).click()
    await expect(page).toHaveURL(`${joinUrl}/choose-payment-method`)

    // The photo is theirs to see, kept as WebP (asked by the page itself, with its cookie).
    const kept = await page.evaluate(async () => {
      const me = await fetch('/api/me', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      const photo: string = (await me.json()).data.profile_picture
      const image = await fetch(photo)
      return { status: image.status, type: image.headers.get('content-type') }
    })
    expect(kept).toEqual({ status: 200, type: 'image/webp' })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
