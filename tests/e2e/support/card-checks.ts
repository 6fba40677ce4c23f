import type { Locator } from '@playwright/test'
import { expect } from './test'

/**
 * A Pay press charges each owed period in turn, and a card whose bank asks on every payment asks for
 * each: answers every check (`dialog`, pressing `button`) as it appears, until `done` shows. Returns how
 * many checks there were.
 */
export async function completeEachCheck(dialog: Locator, button: string, done: Locator): Promise<number> {
  for (let checks = 0; checks < 8; checks += 1) {
    await expect(dialog.or(done).first()).toBeVisible()
    if (await done.isVisible()) return checks
    const press = dialog.getByRole('button', { name: button, exact: true })
    await press.click()
    await press.waitFor({ state: 'detached' })
  }
  throw new Error('More bank checks than owed periods')
}
