import { z } from './validation'

/**
 * Search params every screen understands (SPEC §2.1, §2.3). `redirect` only ever holds a path on
 * the same site, so a crafted link cannot send someone to another origin after sign-in.
 */
export const redirectSchema = z
  .string()
  .refine((value) => value.startsWith('/') && !value.startsWith('//') && !value.includes('\\'))

export const rootSearchSchema = z.object({
  redirect: redirectSchema.optional().catch(undefined),
  twoFactorAuth: z
    .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean())
    .optional()
    .catch(undefined),
})
export type RootSearch = z.infer<typeof rootSearchSchema>

/** A list screen's paging and sorting, with numbers already numbers (SPEC §2.3). */
export const listSearchSchema = z.object({
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  per_page: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
  search: z.string().optional().catch(undefined),
})
