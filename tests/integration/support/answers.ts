import { expect } from 'vitest'
import type { z } from 'zod'
import { z as zod } from '~/lib/validation'
import { paginatedEnvelope } from '~/server/api/envelope'

/**
 * An API answer checked against the contract's schema rather than cast: a test fails when the API's
 * shape drifts from the contract the screens parse it with.
 */
export async function readJson<S extends z.ZodType>(
  response: Response,
  schema: S,
  status = 200,
): Promise<z.output<S>> {
  const text = await response.text()
  expect(response.status, `answered ${text.slice(0, 500)}`).toBe(status)
  return schema.parse(JSON.parse(text))
}

/** The `data` of a `{ data }` answer, checked against `schema`. */
export async function readData<S extends z.ZodType>(
  response: Response,
  schema: S,
  status = 200,
): Promise<z.output<S>> {
  const answer: unknown = await readJson(response, zod.object({ data: zod.unknown() }), status)
  return schema.parse(zod.object({ data: zod.unknown() }).parse(answer).data)
}

/** A page of a list, checked against the item schema. */
export async function readPage<S extends z.ZodType>(response: Response, item: S, status = 200) {
  return readJson(response, paginatedEnvelope(item), status)
}
