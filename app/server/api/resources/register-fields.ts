import type { RegisterFields as RegisterFieldsAnswer, RegisterFieldsRequest } from '~/contracts/join'
import type { UserRow } from '~/server/auth/sessions.server'
import type { RegisterFields } from '~/server/services/users/update-register-fields.server'

/** A member's "About you" answers as the join flow's form reads them: no answer is an empty field. */
export function toRegisterFieldsResource(user: UserRow): RegisterFieldsAnswer {
  return {
    address: user.address ?? '',
    suburb: user.suburb ?? '',
    city: user.city ?? '',
    post_code: user.postCode ?? '',
    emergency_contact_name: user.emergencyContactName ?? '',
    emergency_contact_relationship: user.emergencyContactRelationship ?? '',
    emergency_contact_mobile_number: user.emergencyContactMobileNumber ?? '',
    emergency_contact_email: user.emergencyContactEmail ?? '',
    confidence_and_experience: user.confidenceAndExperience,
    hear_about_us: user.hearAboutUs,
    hear_about_us_other: user.hearAboutUsOther ?? '',
    email_notifications_enabled: user.emailNotificationsEnabled,
    push_notifications_enabled: user.pushNotificationsEnabled,
    payment_reminders: user.paymentReminders,
  }
}

/** The address and emergency contact, as "About you" and the account's details both send them. */
export function fromContactFields(
  body: Pick<
    RegisterFieldsRequest,
    | 'address'
    | 'suburb'
    | 'city'
    | 'post_code'
    | 'emergency_contact_name'
    | 'emergency_contact_relationship'
    | 'emergency_contact_mobile_number'
    | 'emergency_contact_email'
  >,
) {
  return {
    address: body.address,
    suburb: body.suburb,
    city: body.city,
    postCode: body.post_code,
    emergencyContactName: body.emergency_contact_name,
    emergencyContactRelationship: body.emergency_contact_relationship,
    emergencyContactMobileNumber: body.emergency_contact_mobile_number,
    emergencyContactEmail: body.emergency_contact_email,
  }
}

/** The form's answers as `updateRegisterFields` takes them. */
export function fromRegisterFieldsRequest(body: RegisterFieldsRequest): RegisterFields {
  return {
    ...fromContactFields(body),
    confidenceAndExperience: body.confidence_and_experience,
    hearAboutUs: body.hear_about_us,
    hearAboutUsOther: body.hear_about_us_other,
    emailNotificationsEnabled: body.email_notifications_enabled,
    pushNotificationsEnabled: body.push_notifications_enabled,
    paymentReminders: body.payment_reminders,
  }
}
