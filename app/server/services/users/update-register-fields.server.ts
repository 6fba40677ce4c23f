import { and, eq, isNull } from 'drizzle-orm'
import type { ConfidenceAndExperience, HearAboutUs } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { users } from '~/db/schema'
import { notFound } from '../service-input.server'

export interface RegisterFields {
  address: string
  suburb: string
  city: string
  postCode: string
  emergencyContactName: string
  emergencyContactRelationship: string
  emergencyContactMobileNumber: string
  emergencyContactEmail: string
  confidenceAndExperience: ConfidenceAndExperience[]
  hearAboutUs: HearAboutUs[]
  hearAboutUsOther: string
  emailNotificationsEnabled: boolean
  pushNotificationsEnabled: boolean
  paymentReminders: boolean
}

/**
 * A member's "About you" (issue 14), answered once in the join flow and editable later: empty optional
 * answers are kept as no answer, the free text for "other" only with "other", and the time it was
 * answered, which moves the join flow on to the photo.
 */
export async function updateRegisterFields(options: {
  db: Db
  now: Date
  userId: number
  fields: RegisterFields
}) {
  const { fields } = options
  const blank = (value: string) => (value === '' ? null : value)
  const updated = await options.db
    .update(users)
    .set({
      address: fields.address,
      suburb: blank(fields.suburb),
      city: fields.city,
      postCode: fields.postCode,
      emergencyContactName: fields.emergencyContactName,
      emergencyContactRelationship: fields.emergencyContactRelationship,
      emergencyContactMobileNumber: fields.emergencyContactMobileNumber,
      emergencyContactEmail: blank(fields.emergencyContactEmail),
      confidenceAndExperience: [...new Set(fields.confidenceAndExperience)],
      hearAboutUs: [...new Set(fields.hearAboutUs)],
      hearAboutUsOther: fields.hearAboutUs.includes('other') ? blank(fields.hearAboutUsOther) : null,
      emailNotificationsEnabled: fields.emailNotificationsEnabled,
      pushNotificationsEnabled: fields.pushNotificationsEnabled,
      paymentReminders: fields.paymentReminders,
      registerFieldsCompletedAt: options.now,
      updatedAt: options.now,
    })
    .where(and(eq(users.id, options.userId), eq(users.isStaff, false), isNull(users.deletedAt)))
    .returning()
  const [member] = updated
  if (!member) throw notFound('Member')
  return member
}
