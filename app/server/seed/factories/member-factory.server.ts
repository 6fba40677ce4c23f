import type { Db } from '~/db/client.server'
import { calendarDateAt } from '~/server/billing/calendar'
import {
  type CreateMemberInput,
  createMember,
  type Member,
} from '~/server/services/users/create-member.server'
import { fakeEmail, fakePerson } from '../nz-people'
import type { Random } from '../random'

export interface CreateFakeMemberOptions {
  db: Db
  random: Random
  organisationId: number
  homeGymId: number
  /** Key of `suburbsByArea`: members live near their gym. */
  area: string
  now: Date
  /**
   * E-mail addresses already used in the organisation; a clash gets a numeric suffix, so generation
   * stays deterministic. Without it a random suffix keeps addresses apart.
   */
  usedEmails?: Set<string>
  overrides?: Partial<Omit<CreateMemberInput, 'organisationId'>>
}

/** A member with realistic Auckland details, created through `createMember`. */
export async function createFakeMember(options: CreateFakeMemberOptions): Promise<Member> {
  const { db, random, organisationId, homeGymId, area, now, usedEmails, overrides = {} } = options
  const person = fakePerson(random, { area, today: calendarDateAt(now) })
  const name = overrides.name ?? person.name
  let email = overrides.email ?? fakeEmail(random, name, usedEmails ? '' : String(random.int(100, 9999)))
  if (usedEmails && !overrides.email) {
    const [local, domain] = email.split('@')
    for (let suffix = 2; usedEmails.has(email); suffix += 1) email = `${local}${suffix}@${domain}`
  }
  usedEmails?.add(email.toLowerCase())
  return createMember({
    db,
    now,
    organisationId,
    homeGymId,
    emailVerified: random.chance(0.95),
    emailNotificationsEnabled: random.chance(0.9),
    pushNotificationsEnabled: random.chance(0.7),
    paymentReminders: random.chance(0.85),
    ...person,
    ...overrides,
    name,
    email,
  })
}
