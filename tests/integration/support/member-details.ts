/**
 * The body of `PUT /members/{id}` with the person's name, mobile and date of birth, and every other
 * detail blank or at its default: no address, emergency contact, tags or notes, all notices on.
 */
export function memberDetailsBody(person: { name: string; mobile_number: string; dob: string }) {
  return {
    ...person,
    address: '',
    suburb: '',
    city: '',
    post_code: '',
    emergency_contact_name: '',
    emergency_contact_relationship: '',
    emergency_contact_mobile_number: '',
    emergency_contact_email: '',
    tags: [],
    notes: '',
    email_notifications_enabled: true,
    push_notifications_enabled: true,
    payment_reminders: true,
  }
}
