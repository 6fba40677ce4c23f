import { isNotFound } from '@tanstack/react-router'
// The validator runner of `createServerFn().validator(…)`, so this test sees the error Start really throws.
import { execValidator } from '@tanstack/start-client-core'
import { describe, expect, it } from 'vitest'
import { searchRequestSchema } from '~/contracts/shell'
import { connectionLostMessage, orConnectionLost } from '~/features/join/connection-lost'
import { ApiError } from '~/lib/api-error'
import { refusedInputMessage } from '~/lib/refused-input'
import { noAccessMessage, toScreenError } from '~/lib/screen-errors'
import { z } from '~/lib/validation'

async function validatorError(schema: z.ZodType, input: unknown): Promise<unknown> {
  try {
    await execValidator(schema, input)
  } catch (error) {
    return error
  }
  throw new Error('the validator accepted the input')
}

describe('what a failed server function shows', () => {
  it('turns a refused input into its message, not zod’s issues as JSON', async () => {
    const refused = await validatorError(searchRequestSchema, { query: 'x'.repeat(101) })
    expect(refused).toBeInstanceOf(Error)
    expect(refused instanceof Error && refused.message).toMatch(/"code": "too_big"/)

    const shown = toScreenError(refused)
    expect(shown).toBeInstanceOf(Error)
    expect(shown instanceof Error && shown.message).toBe('The maximum length is 100 characters')
  })

  it('marks a refused input so a page says its words, not "We lost the connection" (issue 25)', async () => {
    const schema = z.object({
      account_suffixes: z.array(z.string()).min(1, 'Choose at least one account to share.'),
    })
    const shown = toScreenError(await validatorError(schema, { account_suffixes: [] }))
    expect(refusedInputMessage(shown)).toBe('Choose at least one account to share.')
    const result = await orConnectionLost(() => Promise.reject(shown))
    expect(result).toMatchObject({ ok: false, status: 422, message: 'Choose at least one account to share.' })
    // A call that never came back is still a lost connection.
    const lost = await orConnectionLost(() => Promise.reject(new TypeError('Failed to fetch')))
    expect(lost).toMatchObject({ ok: false, status: 0, message: connectionLostMessage })
    expect(refusedInputMessage(new Error('boom'))).toBeUndefined()
  })

  it('summarises several refused fields like the API’s 422', async () => {
    const schema = z.object({ name: z.string().min(1), days: z.int().max(7) })
    const shown = toScreenError(await validatorError(schema, { name: '', days: 9 }))
    expect(shown instanceof Error && shown.message).toBe('Value is required (and 1 more error)')
  })

  it('turns a ZodError a handler let escape into words', () => {
    const error = z.object({ id: z.number() }).safeParse({ id: 'x' }).error
    expect(toScreenError(error)).toEqual(
      Object.assign(new Error('Value is not a valid number'), { status: 422 }),
    )
  })

  it('turns the API’s 404 into the router’s not-found', () => {
    const shown = toScreenError(new ApiError({ status: 404, message: 'Offering not found.' }))
    expect(isNotFound(shown)).toBe(true)
    // The server's sentence goes along, so the page can say what wasn't found.
    expect(shown).toMatchObject({ data: { message: 'Offering not found.' } })
  })

  it('turns the API’s 403 into a page that says there is no access, not an error of status 500', () => {
    const shown = toScreenError(new ApiError({ status: 403, message: 'This action is unauthorized.' }))
    expect(isNotFound(shown)).toBe(true)
    expect(shown).toMatchObject({ data: { title: 'No access', message: noAccessMessage } })
  })

  it('leaves every other error as it was', () => {
    const conflict = new ApiError({ status: 409, message: 'Changed meanwhile.' })
    expect(toScreenError(conflict)).toBe(conflict)
    const plain = new Error('[not json')
    expect(toScreenError(plain)).toBe(plain)
    const list = new Error('[1, 2]')
    expect(toScreenError(list)).toBe(list)
  })
})
