import { consoleUrl } from '../../playwright.config'
import { callApi, signInStaff } from './support/auth'
import { expect, test } from './support/test'

/**
 * The webhooks screen (issue 26 point 6): the demo's provider events — its door taps come through the
 * same pipeline as Kisi's event webhook — filtered in the address, a payload opened without secrets,
 * and a failed event reprocessed by the owner. The failed event is the test's own (made through the
 * test-support route, as the demo seeds one), so the test passes however often it runs on the same data.
 */
test.describe('webhooks', () => {
  test('an owner filters the events by provider, reads a payload and reprocesses a failed one', async ({
    page,
  }) => {
    // A tap at the sandbox door is a Kisi unlock event, stored and processed like a real one.
    await signInStaff(page, 'owner@demo.gymbase.nz', { path: '/doors/tap' })
    const code = page.getByLabel('Card number or code')
    await code.fill('WEBHOOKTAP1')
    await code.press('Enter')
    await expect(page.getByRole('list', { name: 'Taps' }).getByRole('listitem').first()).toContainText(
      'Card or code not recognised',
    )

    await page.goto(`${consoleUrl}/webhooks`)
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    const events = page.getByRole('list', { name: 'Events' })
    await expect(events.getByRole('listitem').first()).toBeVisible()

    await page.getByRole('button', { name: /Provider$/ }).click()
    await page.getByRole('option', { name: 'Kisi', exact: true }).click()
    await expect(page).toHaveURL(/provider=kisi/)
    // The list shows Kisi's events alone once its answer is in (as a person reads it then, not before).
    await expect(events.getByRole('article').filter({ hasNotText: 'Kisi ·' })).toHaveCount(0)
    const tap = events.getByRole('article').filter({ hasText: 'Not someone we know: no visit.' }).first()
    await expect(tap).toContainText('Kisi · lock.unlock')
    await expect(tap).toContainText('Signature verified')
    await expect(tap).toContainText('Processed')
    for (const article of await events.getByRole('article').all()) {
      await expect(article).toContainText('Kisi ·')
    }
    await tap.getByRole('button', { name: 'Show payload' }).click()
    const payload = tap.getByRole('region', { name: 'Payload' })
    await expect(payload).toContainText('"type": "lock.unlock"')
    await expect(payload).toContainText('"organization_id"')

    // A failed Stripe event of its own (Stripe did not answer): its payload keeps no client secret;
    // Reprocess settles it.
    const me = await callApi(page, 'GET', '/me')
    expect(me.status).toBe(200)
    const made = await callApi(
      page,
      'POST',
      `/organisations/${me.body.data.current_organisation.id}/test-support/failed-webhook-events`,
    )
    expect(made.status).toBe(201)
    const reference = /pi_demo_retry_[0-9a-f]{12}/.exec(made.body.data.payload)?.[0] ?? ''
    expect(reference).not.toBe('')

    await page.getByRole('button', { name: /Provider$/ }).click()
    await page.getByRole('option', { name: 'Every provider' }).click()
    await page.getByRole('button', { name: /Result$/ }).click()
    await page.getByRole('option', { name: 'Failed', exact: true }).click()
    await expect(page).toHaveURL(/result=failed/)
    await expect(page).not.toHaveURL(/provider=/)
    // Failed events alone once the list's answer is in: each offers Reprocess. Newest first: the one just made.
    await expect(
      events.getByRole('article').filter({ hasNot: page.getByRole('button', { name: 'Reprocess' }) }),
    ).toHaveCount(0)
    const failed = events.getByRole('article').filter({ hasText: 'payment_intent.succeeded' }).first()
    await expect(failed).toContainText('Stripe did not answer in time')
    await failed.getByRole('button', { name: 'Show payload' }).click()
    const failedPayload = failed.getByRole('region', { name: 'Payload' })
    await expect(failedPayload).toContainText(`"id": "${reference}"`)
    await expect(failedPayload).toContainText('"client_secret": "[removed]"')
    await failed.getByRole('button', { name: 'Reprocess' }).click()
    await expect(page.getByText('Event processed.')).toBeVisible()
    // Processed now, it leaves the failed list.
    await expect(events.getByRole('article').filter({ hasText: reference })).toHaveCount(0)
    await page.getByRole('button', { name: /Result$/ }).click()
    await page.getByRole('option', { name: 'Processed', exact: true }).click()
    await expect(
      events.getByRole('article').filter({ hasText: `No payment of ours has the reference ${reference}.` }),
    ).toBeVisible()
  })
})
