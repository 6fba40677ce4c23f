import { z } from '~/lib/validation'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  time: z.string(),
  /**
   * The demo data's background part (ADR 021): `in_progress` while the first start is still making the
   * members and the year of history, `none` without demo data.
   */
  demo_history: z.enum(['none', 'in_progress', 'complete']),
})
export type Health = z.infer<typeof healthSchema>
