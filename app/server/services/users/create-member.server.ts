import { confidenceAndExperienceOptions, hearAboutUsOptions } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { messages, z } from '~/lib/validation'
import { calendarDateAt } from '~/server/billing/calendar'
import { assertOrganisationGyms } from '../gyms/assert-organisation-gyms.server'
import { calendarDateSchema, idSchema, parseInput, validationError } from '../service-input.server'
import { newUserColumns, newUserInputSchema } from './new-user.server'

export type Member = typeof users.$inferSelect

const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'Value is not a valid phone number')

const optionalText = (max: number) => z.string().trim().min(1).max(max).nullish()

const inputSchema = z.object({
  organisationId: idSchema,
  /** The member's gym: where they signed up, and the gym the console shows them under first. */
  homeGymId: idSchema,
  ...newUserInputSchema,
  emailVerified: z.boolean().default(false),
  mobileNumber: phoneSchema.nullish(),
  dob: calendarDateSchema.nullish(),
  emailNotificationsEnabled: z.boolean().default(true),
  pushNotificationsEnabled: z.boolean().default(true),
  paymentReminders: z.boolean().default(true),
  emergencyContact: z
    .object({
      name: z.string().trim().min(1).max(120),
      email: z.string().trim().pipe(z.email()).nullish(),
      mobileNumber: phoneSchema,
      relationship: z.string().trim().min(1).max(60),
    })
    .nullish(),
  address: optionalText(200),
  suburb: optionalText(80),
  city: optionalText(80),
  postCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Value is not a valid post code')
    .nullish(),
  confidenceAndExperience: z.array(z.enum(confidenceAndExperienceOptions)).default([]),
  hearAboutUs: z.array(z.enum(hearAboutUsOptions)).default([]),
  hearAboutUsOther: optionalText(200),
  tags: z.array(z.string().trim().min(1).max(40)).default([]),
  notes: optionalText(5000),
  profilePicture: z.string().min(1).nullish(),
  isReturningMember: z.boolean().default(false),
})

export type CreateMemberInput = z.input<typeof inputSchema>

/** A member of an organisation (not staff). Payment methods and the subscription are added afterwards. */
export async function createMember(options: CreateMemberInput & { db: Db; now: Date }): Promise<Member> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  if (input.dob && input.dob > calendarDateAt(now)) throw validationError('dob', messages.date)
  if (input.hearAboutUs.includes('other') && !input.hearAboutUsOther) {
    // SPEC §3: "other" carries a free-text value.
    throw validationError('hearAboutUsOther', 'Value is required')
  }
  await assertOrganisationGyms({
    db,
    organisationId: input.organisationId,
    gymIds: [input.homeGymId],
    field: 'gym',
  })
  const account = await newUserColumns({ db, now, input })

  const [member] = await db
    .insert(users)
    .values({
      ...account,
      isStaff: false,
      mobileNumber: input.mobileNumber ?? null,
      dob: input.dob ?? null,
      emailNotificationsEnabled: input.emailNotificationsEnabled,
      pushNotificationsEnabled: input.pushNotificationsEnabled,
      paymentReminders: input.paymentReminders,
      emergencyContactName: input.emergencyContact?.name ?? null,
      emergencyContactEmail: input.emergencyContact?.email?.toLowerCase() ?? null,
      emergencyContactMobileNumber: input.emergencyContact?.mobileNumber ?? null,
      emergencyContactRelationship: input.emergencyContact?.relationship ?? null,
      address: input.address ?? null,
      suburb: input.suburb ?? null,
      city: input.city ?? null,
      postCode: input.postCode ?? null,
      confidenceAndExperience: input.confidenceAndExperience,
      hearAboutUs: input.hearAboutUs,
      hearAboutUsOther: input.hearAboutUs.includes('other') ? (input.hearAboutUsOther ?? null) : null,
      tags: input.tags,
      notes: input.notes ?? null,
      profilePicture: input.profilePicture ?? null,
      homeGymId: input.homeGymId,
      currentGymId: input.homeGymId,
      isReturningMember: input.isReturningMember,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  if (!member) throw new Error('Inserting the member returned no row')
  return member
}
