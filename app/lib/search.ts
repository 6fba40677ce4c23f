import * as z from 'zod/mini'

/**
 * Search params every screen understands (SPEC §2.1, §2.3), validated with zod's tree-shakable
 * build because the root route's schema ships on every page, the join site's included.
 * `redirect` only ever holds a path on the same site, so a crafted link cannot send someone to
 * another origin after sign-in.
 */
export const redirectSchema = z
  .string()
  .check(z.refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')))

const booleanFromQuery = z.pipe(
  z.transform((value: unknown) => (value === 'true' ? true : value === 'false' ? false : value)),
  z.boolean(),
)

export const rootSearchSchema = z.object({
  redirect: z.catch(z.optional(redirectSchema), undefined),
  twoFactorAuth: z.catch(z.optional(booleanFromQuery), undefined),
})
export type RootSearch = z.infer<typeof rootSearchSchema>

/** A list screen's paging and search, numbers already numbers (SPEC §2.3: the router parses them). */
export const listSearchSchema = z.object({
  page: z.catch(z.optional(z.int().check(z.minimum(1))), undefined),
  per_page: z.catch(z.optional(z.int().check(z.minimum(1), z.maximum(100))), undefined),
  search: z.catch(z.optional(z.string()), undefined),
})

/** Links from e-mails: `?token=…&email=…` (reset, invitation). */
export const emailLinkSearchSchema = z.object({
  token: z.catch(z.optional(z.string()), undefined),
  email: z.catch(z.optional(z.string()), undefined),
})

/** A one-line confirmation carried to the next screen (e.g. after a password change). */
export const noticeSearchSchema = z.object({
  notice: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
})

/**
 * The join site's start: the gym being joined (its public uuid), when the link names one, and a private
 * price or age-bypass link's token (ADR 013).
 */
export const joinSearchSchema = z.object({
  gym: z.catch(z.optional(z.string()), undefined),
  link: z.catch(z.optional(z.string().check(z.maxLength(100))), undefined),
})
