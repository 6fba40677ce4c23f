import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { notFound } from '../service-input.server'

/** A user as stored now (after a service changed them within this request). */
export async function findUserById(options: { db: Db; userId: number }) {
  const [user] = await options.db.select().from(users).where(eq(users.id, options.userId))
  if (!user) throw notFound('User')
  return user
}
