import { expect, type Page } from '@playwright/test'
import { joinUrl } from '../../../playwright.config'

/** The join flow's "About you", filled in as a person would, then Continue (it goes to the photo). */
export async function fillAboutYou(page: Page) {
  await expect(page).toHaveURL(`${joinUrl}/about-you`)
  await page.getByLabel('Street address').fill('12 Ponsonby Road')
  await page.getByLabel('City').fill('Auckland')
  await page.getByLabel('Post code').fill('1011')
  await page.getByLabel('Their name').fill('Mere Ngata')
  await page.getByLabel('How you know them').fill('Sister')
  await page.getByLabel('Their mobile').fill('021 555 0111')
  await page.getByRole('checkbox', { name: 'A friend' }).check({ force: true })
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`${joinUrl}/take-photo`)
}
