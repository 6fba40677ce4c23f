import { integer, sameSitePath, searchParams, text, yesNo } from './search-params'

/**
 * Search params every screen understands (SPEC §2.1, §2.3). `redirect` only ever holds a path on the same
 * site, so a crafted link cannot send someone to another origin after sign-in.
 */
export const rootSearchSchema = searchParams({ redirect: sameSitePath(), twoFactorAuth: yesNo() })
export type RootSearch = ReturnType<typeof rootSearchSchema>

/** A list screen's paging and search, numbers already numbers (SPEC §2.3: the router parses them). */
export const listSearchSchema = searchParams({
  page: integer({ min: 1 }),
  per_page: integer({ min: 1, max: 100 }),
  search: text({ max: 200 }),
})

/** Links from e-mails: `?token=…&email=…` (reset, invitation). */
export const emailLinkSearchSchema = searchParams({ token: text({ max: 500 }), email: text({ max: 500 }) })

/** A one-line confirmation carried to the next screen (e.g. after a password change). */
export const noticeSearchSchema = searchParams({ notice: text({ max: 200 }) })

/**
 * The join site's start: the gym being joined (its public uuid), when the link names one, and a private
 * price or age-bypass link's token (ADR 013).
 */
export const joinSearchSchema = searchParams({ gym: text({ max: 100 }), link: text({ max: 100 }) })
