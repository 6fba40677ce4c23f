import { eq } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { gyms } from '~/db/schema'

/** The storage key of a gym's logo, by its public uuid; undefined when the gym or its logo is unknown. */
export async function findGymLogoKey(options: { db: Db; uuid: string }): Promise<string | undefined> {
  const [gym] = await options.db.select({ logo: gyms.logo }).from(gyms).where(eq(gyms.uuid, options.uuid))
  return gym?.logo ?? undefined
}
