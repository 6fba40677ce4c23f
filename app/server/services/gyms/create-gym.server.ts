import { eq } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { gyms, organisations } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { z } from '~/lib/validation'
import { idSchema, notFound, parseInput, validationError } from '../service-input.server'

export type Gym = typeof gyms.$inferSelect

const inputSchema = z.object({
  organisationId: idSchema,
  name: z.string().trim().min(1).max(120),
  logo: z.string().min(1).nullish(),
})

export type CreateGymInput = z.input<typeof inputSchema>

export async function createGym(options: CreateGymInput & { db: Db; now: Date }): Promise<Gym> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)

  const [organisation] = await db
    .select({ multiGym: organisations.multiGym, name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, input.organisationId))
  if (!organisation) throw notFound('Organisation')

  const existing = await db.select({ name: gyms.name }).from(gyms).where(ownedBy(gyms, input.organisationId))
  // The whole console (gym switcher, per-gym roles) assumes one gym unless the organisation is multi-gym.
  if (!organisation.multiGym && existing.length > 0) {
    throw new AppError('CONFLICT', `${organisation.name} is a single-gym organisation and already has a gym.`)
  }
  if (existing.some((gym) => gym.name.toLowerCase() === input.name.toLowerCase())) {
    throw validationError('name', 'A gym with this name already exists.')
  }

  const [gym] = await db
    .insert(gyms)
    .values({
      organisationId: input.organisationId,
      name: input.name,
      logo: input.logo ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!gym) throw new Error('Inserting the gym returned no row')
  return gym
}
