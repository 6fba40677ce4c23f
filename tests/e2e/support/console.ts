import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { signInStaff } from './auth'
import { expect } from './test'

/**
 * Signs `email` (the demo owner unless given) in on the console list at `path`, checks the page's
 * heading and its table's column headers (both named `name`), and answers the table.
 */
export async function openStaffList(
  page: Page,
  options: { path: string; name: string; columns: string[]; email?: string },
) {
  await signInStaff(page, options.email ?? 'owner@demo.gymbase.nz', { path: options.path })
  await expect(page.getByRole('heading', { level: 1, name: options.name })).toBeVisible()
  const table = page.getByRole('table', { name: options.name })
  await expect(table.getByRole('columnheader')).toHaveText(options.columns)
  return table
}

/** Presses the list's Export CSV and waits for the file: its suggested name, and its text without the byte-order mark. */
export async function exportCsv(page: Page): Promise<{ filename: string; text: string }> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  const text = (await readFile((await file.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '')
  return { filename: file.suggestedFilename(), text }
}

/** An exported CSV's lines, the header first. */
export const csvLines = (text: string) => text.trimEnd().split('\n')

/**
 * Adds a gym through the gyms page's "Add gym" form (the page already open), paid into `account` named
 * `accountName`, and waits for the new gym's page.
 */
export async function addGym(page: Page, options: { name: string; accountName: string; account: string }) {
  await page.getByRole('button', { name: 'Add gym' }).click()
  const form = page.getByRole('form', { name: 'New gym' })
  await form.getByLabel('Gym name').fill(options.name)
  await form.getByLabel('Account name').fill(options.accountName)
  await form.getByLabel('Bank account number', { exact: true }).fill(options.account)
  await form.getByLabel('Bank account number again').fill(options.account)
  await form.getByLabel('Bank account number again').press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: options.name })).toBeVisible()
}

/**
 * The "Your roles" box on the page lists these labels, each answered yes or no. It stands on the
 * dashboard, which loads its reports after the shell: 15 s of room for a busy machine.
 */
export async function expectRoles(page: Page, rows: Array<[string, 'yes' | 'no']>) {
  const box = page.getByLabel('Your roles')
  const patient = expect.configure({ timeout: 15_000 })
  await patient(box.getByRole('term')).toHaveText(rows.map(([label]) => label))
  await patient(box.getByRole('definition')).toHaveText(rows.map(([, value]) => value))
}
