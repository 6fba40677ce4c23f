import { pageFields } from '~/contracts/list-fields'
import { z } from '~/lib/validation'

/** `{ data: … }`: one resource (DESIGN §2). */
export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema })
}

export const paginationLinksSchema = z.object({
  first: z.string().nullable(),
  last: z.string().nullable(),
  prev: z.string().nullable(),
  next: z.string().nullable(),
})

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
})

/** `{ data: [...], links, meta }`: a page of a list, Laravel's paginator shape. */
export function paginatedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), links: paginationLinksSchema, meta: paginationMetaSchema })
}

export const messageSchema = z.object({ message: z.string() })
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
})

export const pageQuerySchema = z.object({
  ...pageFields(),
})

/** Builds the envelope for one page of `total` rows, with links that keep the other query values. */
export function paginate<T>(options: {
  rows: T[]
  total: number
  page: number
  perPage: number
  url: string
}) {
  const { rows, total, page, perPage } = options
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const linkTo = (target: number) => {
    const url = new URL(options.url)
    url.searchParams.set('page', String(target))
    return url.pathname + url.search
  }
  const from = rows.length > 0 ? (page - 1) * perPage + 1 : null
  return {
    data: rows,
    links: {
      first: linkTo(1),
      last: linkTo(lastPage),
      prev: page > 1 ? linkTo(page - 1) : null,
      next: page < lastPage ? linkTo(page + 1) : null,
    },
    meta: {
      current_page: page,
      from,
      to: from === null ? null : from + rows.length - 1,
      last_page: lastPage,
      per_page: perPage,
      total,
    },
  }
}
