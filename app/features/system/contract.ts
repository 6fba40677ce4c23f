import { z } from '~/lib/validation'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
  time: z.string(),
})
export type Health = z.infer<typeof healthSchema>
