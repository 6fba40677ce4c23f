import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { findUserGyms } from '~/server/auth/session-user.server'
import type { UserRow } from '~/server/auth/sessions.server'

/**
 * Makes one of the user's gyms their current gym (`POST /api/gyms/{id}/switch`). A gym they do not
 * work at or belong to, another organisation's included, is unknown to them: NOT_FOUND.
 */
export async function switchCurrentGym(options: { db: Db; user: UserRow; gymId: number; now: Date }) {
  const { db, user, gymId, now } = options
  const gyms = await findUserGyms({ db, user })
  if (!gyms.some((gym) => gym.id === gymId)) throw new AppError('NOT_FOUND', 'Gym not found.')
  await db.update(users).set({ currentGymId: gymId, updatedAt: now }).where(eq(users.id, user.id))
  return { ...user, currentGymId: gymId, updatedAt: now }
}
