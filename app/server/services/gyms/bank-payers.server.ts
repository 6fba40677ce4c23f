import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { paymentMethods, subscriptions, users } from '~/db/schema'

/**
 * The members who pay a gym by bank (issue 17, PROVIDERS.md §2): a membership there that has not been
 * cancelled, with a bank account as their default method. Their bank consents name the account paid
 * into, so they are the ones a change of the gym's destination account concerns. One definition: the
 * gyms screens count them (the dialog says beforehand how many will be told) and the change tells them.
 */
function bankPayerIds(gymId: SQL): SQL {
  return sql`select distinct s.user_id from ${subscriptions} s
    join ${users} u on u.id = s.user_id
    join ${paymentMethods} pm on pm.id = u.default_payment_method_id
    where s.gym_id = ${gymId} and not s.is_staging and s.cancelled_at is null
      and u.deleted_at is null and pm.deleted_at is null and pm.type = 'bank_account'`
}

/** How many members pay the gym by bank, as a column of a query over `gyms` (`gym` names its id). */
export function bankPayersCount(gym: SQL) {
  return sql<number>`(select count(*) from (${bankPayerIds(gym)}) bank_payers)`.mapWith(Number)
}

/** The members paying the gym by bank, to tell them; in the caller's transaction. */
export async function findBankPayers(db: Db, gymId: number) {
  const rows = await db.execute<{ id: number; name: string; email: string }>(
    sql`select u.id, u.name, u.email from ${users} u
      where u.id in (${bankPayerIds(sql`${gymId}`)}) order by u.id`,
  )
  return rows.rows.map((row) => ({ id: Number(row.id), name: String(row.name), email: String(row.email) }))
}
