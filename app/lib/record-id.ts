/** The largest id a record can have: PostgreSQL's `integer`. Kept free of zod so route search schemas can use it. */
export const MAX_RECORD_ID = 2_147_483_647
