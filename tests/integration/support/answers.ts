import { expect } from 'vitest'
import type { z } from 'zod'
import { paginatedEnvelope } from '~/contracts/api/envelope'
import { z as zod } from '~/lib/validation'

/**
 * API answers checked against the contract's schemas rather than cast: a test fails when the API's shape
 * drifts from the contract the screens parse it with. Each reader checks the status too: the one given,
 * or any success (`readData`, `readPage`) or any refusal (`readErrors`, `readMessage`).
 */

type Status = number | 'success' | 'refusal'

async function readBody(response: Response, status: Status): Promise<unknown> {
  const text = await response.text()
  const described = `answered ${response.status} ${text.slice(0, 500)}`
  if (status === 'success') expect(response.status, described).toBeLessThan(300)
  else if (status === 'refusal') expect(response.status, described).toBeGreaterThanOrEqual(400)
  else expect(response.status, described).toBe(status)
  return JSON.parse(text)
}

/** The whole answer, checked against `schema`. */
export async function readJson<S extends z.ZodType>(
  response: Response,
  schema: S,
  status: Status = 200,
): Promise<z.output<S>> {
  return schema.parse(await readBody(response, status))
}

const envelope = zod.object({ data: zod.unknown() })

/** The `data` of a `{ data }` answer, checked against `schema`. */
export async function readData<S extends z.ZodType>(
  response: Response,
  schema: S,
  status: Status = 'success',
): Promise<z.output<S>> {
  return schema.parse(envelope.parse(await readBody(response, status)).data)
}

/** A page of a list, checked against the item schema. */
export async function readPage<S extends z.ZodType>(response: Response, item: S, status: Status = 'success') {
  return readJson(response, paginatedEnvelope(item), status)
}

const refusal = zod.object({ message: zod.string().min(1) })
const validationRefusal = refusal.extend({ errors: zod.record(zod.string(), zod.array(zod.string())) })

/** A refusal's sentence. */
export async function readMessage(response: Response, status: Status = 'refusal'): Promise<string> {
  return refusal.parse(await readBody(response, status)).message
}

/** A 422's messages by field. */
export async function readErrors(response: Response): Promise<Record<string, string[]>> {
  return validationRefusal.parse(await readBody(response, 422)).errors
}

/**
 * Every page of a list, read from page 1 until its last (`path` names each page), each answer a 200
 * checked against `schema`: all the rows, and the last page's answer (its totals and counts).
 */
export async function readEveryPage<Answer extends { data: unknown[]; meta: { last_page: number } }>(
  browser: { get(path: string): Promise<Response> },
  path: (page: number) => string,
  schema: z.ZodType<Answer>,
): Promise<{ rows: Answer['data']; last: Answer }> {
  const rows: Answer['data'] = []
  for (let page = 1; ; page += 1) {
    const answer = await readJson(await browser.get(path(page)), schema)
    rows.push(...answer.data)
    if (page >= answer.meta.last_page) return { rows, last: answer }
  }
}
