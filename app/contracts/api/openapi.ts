import type { RouteConfig } from '@hono/zod-openapi'
import type { z } from 'zod'
import { recordIdParam, z as zod } from '~/lib/validation'
import { dataEnvelope, messageSchema, paginatedEnvelope, validationErrorSchema } from './envelope'

/**
 * A route object (docs/architecture.md, rule 1) that screens may import as well as the server: the
 * config as it is, typed like `@hono/zod-openapi`'s `createRoute`, whose only addition is a
 * `getRoutingPath` that nothing reads (`OpenAPIHono.openapi` takes the path itself). Importing that
 * package in the browser brings the OpenAPI kit (Hono, zod-to-openapi: 60 kB gzip) into the chunk every
 * join page loads, for the sake of one path: the lists' export buttons import their route objects. Route
 * objects are made with this one, but for the two uploads' (gyms, profile pictures): their binary fields
 * are described with zod-openapi's `.openapi()`, which needs that package loaded.
 */
export function createRoute<P extends string, R extends Omit<RouteConfig, 'path'> & { path: P }>(
  routeConfig: R,
): R {
  return routeConfig
}

/** `request.body` of a JSON endpoint. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } }
}

/** A `multipart/form-data` body (an upload): the schema names its parts for the document. */
export function multipartBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'multipart/form-data': { schema } }, required: true } }
}

export function jsonResponse<T extends z.ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } }
}

/** A JSON answer `{ data: … }`: one resource, or a list in full. */
export function dataResponse<T extends z.ZodType>(description: string, schema: T) {
  return jsonResponse(description, dataEnvelope(schema))
}

/** A JSON answer that is one page of a list (`{ data: [...], links, meta }`). */
export function pageResponse<T extends z.ZodType>(description: string, item: T) {
  return jsonResponse(description, paginatedEnvelope(item))
}

export const errorResponses = {
  401: jsonResponse('Not signed in', messageSchema),
  403: jsonResponse('Refused (CSRF, role)', messageSchema),
  404: jsonResponse('Not found (or another organisation’s)', messageSchema),
  409: jsonResponse('Refused: the record’s state does not allow it', messageSchema),
  422: jsonResponse('Invalid input, a message per field', validationErrorSchema),
  429: jsonResponse('Too many attempts; see Retry-After', messageSchema),
}

/** What any signed-in staff operation may answer besides success. */
export const staffErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  422: errorResponses[422],
}

/** What a member's operation on their own records may answer besides success (the join flow). */
export const memberErrors = {
  401: errorResponses[401],
  403: errorResponses[403],
  404: errorResponses[404],
  409: errorResponses[409],
  422: errorResponses[422],
}

/** What a staff operation scoped to a gym may answer besides success (the dashboards' `gym_id`). */
export const gymScopeErrors = {
  ...staffErrors,
  404: jsonResponse('A gym the caller cannot see', messageSchema),
}

/** The answer of an action that returns only a sentence (archive, delete, resend). */
export const messageResponse = jsonResponse('Done', messageSchema)

/** A list as a CSV file (the lists' exports). */
export const csvFileResponse = {
  description: 'The CSV file',
  content: { 'text/csv': { schema: zod.string() } },
}

/** `{id}` in a path: a record's id. */
export const idParams = zod.object({ id: recordIdParam })

type Responses = RouteConfig['responses']

/** What sets one endpoint apart from the others of its area. */
export interface RouteParts {
  summary: string
  description?: string
  /** The area's tags unless given. */
  tags?: string[]
  request?: NonNullable<RouteConfig['request']>
  /** The success answer, and any error answer the area's do not have (or say otherwise). */
  responses: Responses
}

/** A route's summary alone, or its summary and description. */
export type About = string | { summary: string; description: string }

const partsOf = (about: About) => (typeof about === 'string' ? { summary: about } : about)

/**
 * The route objects of one area (`api/<entity>.routes.ts`): the tags and the errors every endpoint of
 * the area may answer are given once, and each endpoint names its method, path and what is its own.
 * `records(path, answer)` declares the usual endpoints of one kind of record at `path` (`/offerings`):
 * show, update, delete, archive and restore at `path/{id}` and create at `path` (create and update
 * given their body first), all answering `answer` but the last three, which answer a sentence.
 */
export function routeGroup<E extends Responses>(tags: string[], errors: E) {
  function route<M extends RouteConfig['method'], P extends string, R extends RouteParts>(
    method: M,
    path: P,
    parts: R,
  ) {
    return { method, path, tags, ...parts, responses: { ...errors, ...parts.responses } }
  }

  function records<P extends string, A extends Responses[string]>(path: P, answer: A) {
    const one = `${path}/{id}` as const
    const params = { params: idParams }
    /** An action on the record that answers a sentence. */
    const sentence =
      <M extends RouteConfig['method'], Q extends string>(method: M, actionPath: Q) =>
      (about: About) =>
        route(method, actionPath, { ...partsOf(about), request: params, responses: { 200: messageResponse } })
    return {
      show: (about: About) =>
        route('get', one, { ...partsOf(about), request: params, responses: { 200: answer } }),
      create: <B extends z.ZodType>(body: B, about: About) =>
        route('post', path, { ...partsOf(about), request: jsonBody(body), responses: { 201: answer } }),
      update: <B extends z.ZodType>(body: B, about: About) =>
        route('put', one, {
          ...partsOf(about),
          request: { ...params, ...jsonBody(body) },
          responses: { 200: answer },
        }),
      delete: sentence('delete', one),
      archive: sentence('delete', `${one}/archive` as const),
      restore: sentence('post', `${one}/restore` as const),
    }
  }

  /** A filtered list as a CSV file: `POST` the list's filters as the body, every matching row back. */
  function csvExport<P extends string, F extends z.ZodType>(path: P, filters: F, about: About) {
    return route('post', path, {
      ...partsOf(about),
      request: jsonBody(filters),
      responses: { 200: csvFileResponse },
    })
  }

  return { route, records, csvExport }
}
