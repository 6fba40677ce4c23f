import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { authenticationCalls } from '~/contracts/api/auth.routes'
import { ApiError } from '~/lib/api-error'
import type { FieldErrors } from '~/lib/errors'

/**
 * What a call of a route object (app/contracts/api/*.routes.ts) sends and how its failure reads, shared
 * by the server's client (`client.server.ts`, in-process) and the browser's (`browser-client.ts`, fetch
 * to the same origin). Nothing here may load zod or server code: the join site's pages import it (ADR 048).
 */

/** SPEC §7/§9: the authentication client gives up after 26 seconds. */
export const AUTH_TIMEOUT_MS = 26_000
export const DEFAULT_TIMEOUT_MS = 60_000

/** What a call that never came back says (a phone between cell towers, a server restarting). */
export const connectionLostMessage = 'We lost the connection. Check you’re online and try again.'
export const tooSlowMessage = 'The server took too long to answer. Please try again.'

const authPaths = new Set<string>(authenticationCalls.map((route) => route.path))

export function isAuthPath(path: string): boolean {
  return authPaths.has(path.split('?')[0] ?? path)
}

/** How long a call of `path` (the route's, unfilled) waits: its own limit, else the auth calls' or 60 s. */
export function timeoutFor(path: string, timeoutMs: number | undefined): number {
  return timeoutMs ?? (isAuthPath(path) ? AUTH_TIMEOUT_MS : DEFAULT_TIMEOUT_MS)
}

/* What a route object says a call takes and answers (its types come from the real module, zod and all). */

type JsonSchemaOf<T> = T extends { content: { 'application/json': { schema: infer S extends z.ZodType } } }
  ? S
  : undefined
type RequestOf<R> = R extends { request: infer Q } ? Q : object

/** The schema of the answer the route declares for success (200, else 201; a 204 has none). */
export type SuccessSchema<R extends RouteConfig> = R['responses'] extends { 200: infer A }
  ? JsonSchemaOf<A>
  : R['responses'] extends { 201: infer A }
    ? JsonSchemaOf<A>
    : undefined
export type RouteAnswer<R extends RouteConfig> =
  SuccessSchema<R> extends z.ZodType ? z.output<SuccessSchema<R>> : undefined
/** The `data` of a route's `{ data }` answer. */
export type RouteData<R extends RouteConfig> = RouteAnswer<R> extends { data: infer D } ? D : never

type ParamsInput<R> =
  RequestOf<R> extends { params: infer P extends z.ZodType } ? { params: z.output<P> } : { params?: never }
type QueryInput<R> =
  RequestOf<R> extends { query: infer Q extends z.ZodType }
    ? { query?: Partial<z.output<Q>> }
    : { query?: never }
type BodyInput<R> =
  RequestOf<R> extends { body: { content: { 'application/json': { schema: infer B extends z.ZodType } } } }
    ? { body: z.input<B> }
    : RequestOf<R> extends { body: { content: { 'multipart/form-data': unknown } } }
      ? { body: FormData }
      : { body?: never }

/**
 * What a call of route R takes: its path parameters and query as the handler reads them (numbers stay
 * numbers: the client writes them into the address), and its body as the API's schema takes it.
 */
export type CallInput<R extends RouteConfig> = ParamsInput<R> &
  QueryInput<R> &
  BodyInput<R> & { timeoutMs?: number }

/** The body a call of route R sends. */
export type CallBody<R extends RouteConfig> = CallInput<R>['body']

export type CallArguments<R extends RouteConfig> =
  object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>]

/** What either client reads of a route object: the browser's light route modules hold only this. */
export interface RouteAddress {
  method: string
  path: string
}

/** A call's input once its types have done their work: what the clients read of it. */
export interface SentCall {
  params: Record<string, unknown> | undefined
  query: Query
  body: unknown
  timeoutMs: number | undefined
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>
export type Query = Record<string, QueryValue>

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isQueryValue(value: unknown): value is QueryValue {
  if (value === null || value === undefined) return true
  if (Array.isArray(value)) return value.every((item) => typeof item === 'string' || typeof item === 'number')
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

/** `{ params, query, body, timeoutMs }` as a call was given it (`CallInput`), each part checked for use. */
export function sentCall(input: Record<string, unknown> | undefined): SentCall {
  const query: Query = {}
  if (isRecord(input?.query)) {
    for (const [key, value] of Object.entries(input.query)) {
      if (isQueryValue(value)) query[key] = value
    }
  }
  return {
    params: isRecord(input?.params) ? input.params : undefined,
    query,
    body: input?.body,
    timeoutMs: typeof input?.timeoutMs === 'number' ? input.timeoutMs : undefined,
  }
}

/** The query written into the address: empty values left out, a list as the key repeated. */
export function writeQuery(searchParams: URLSearchParams, query: Query): void {
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const item of value) searchParams.append(key, String(item))
    else searchParams.set(key, String(value))
  }
}

/**
 * The headers every call sends (DESIGN §7: the API refuses a change without `X-Requested-With`), and
 * the body: a FormData as it is (the browser writes its multipart boundary), anything else as JSON.
 */
export function requestParts(body: unknown): { headers: Headers; body: BodyInit | undefined } {
  const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' })
  if (body instanceof FormData) return { headers, body }
  if (body === undefined) return { headers, body: undefined }
  headers.set('Content-Type', 'application/json')
  return { headers, body: JSON.stringify(body) }
}

/** A call that failed before any answer: too slow (its signal), or the other words the caller gives. */
export function unansweredError(error: unknown, otherwise: string): ApiError {
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new ApiError({ status: 0, message: tooSlowMessage })
  }
  return new ApiError({ status: 0, message: otherwise })
}

/** An answer's body as JSON; undefined when it is empty or not JSON. */
export async function answerJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

interface ErrorBody {
  message?: string | undefined
  error?: string | undefined
  errors?: FieldErrors | undefined
  email?: string | undefined
}

const isOptionalString = (value: unknown) => value === undefined || typeof value === 'string'

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (list) => Array.isArray(list) && list.every((item) => typeof item === 'string'),
    )
  )
}

/** The API's error body (`{ message, errors, error, email }`), or nothing when any part is not as stated. */
function errorBodyOf(json: unknown): ErrorBody | undefined {
  if (!isRecord(json)) return undefined
  const { message, error, errors, email } = json
  if (!isOptionalString(message) || !isOptionalString(error) || !isOptionalString(email)) return undefined
  if (errors !== undefined && !isFieldErrors(errors)) return undefined
  return { message, error, errors, email }
}

/** A refused call (any status but 2xx) in the API's own words: its message, field errors and error value. */
export function refusedError(response: Response, json: unknown): ApiError {
  const body = errorBodyOf(json)
  return new ApiError({
    status: response.status,
    message: body?.message || response.statusText || `Request failed with status ${response.status}`,
    errors: body?.errors,
    error: body?.error,
    email: body?.email,
  })
}

/**
 * The one unchecked step: a value given the type TypeScript derives from the route's schema — parsed by
 * that schema on the server; in the browser, the API's JSON as it came (the browser loads no zod, and
 * no route's answer relies on zod changing it: `tests/unit/lib/route-answers.test.ts`). Kept in one
 * function so it can't spread.
 */
export function narrow<T>(value: unknown): T {
  return value as T
}

/** The `data` of a `{ data }` envelope. */
export function dataOf(answer: unknown): unknown {
  return isRecord(answer) ? answer.data : undefined
}
