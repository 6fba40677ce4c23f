import type { OpenAPIHono } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { unauthorisedMessage } from '~/access/caller.server'
import { meRoutes as routes } from '~/contracts/api/me.routes'
import { users } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { loadSessionUser } from '~/server/auth/session-user.server'
import { updateRegisterFields } from '~/server/services/users/update-register-fields.server'
import type { ApiEnv } from '../context'
import { requireUser } from '../middleware/session'

export function registerMeRoutes(api: OpenAPIHono<ApiEnv>) {
  api.openapi(routes.showRegisterFields, async (c) => {
    const { user } = requireUser(c)
    if (user.isStaff) throw new AppError('FORBIDDEN', unauthorisedMessage)
    return c.json(
      {
        data: {
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
        },
      },
      200,
    )
  })

  api.openapi(routes.registerFields, async (c) => {
    const { user } = requireUser(c)
    // Staff have no membership to describe: the step is the join flow's.
    if (user.isStaff) throw new AppError('FORBIDDEN', unauthorisedMessage)
    const body = c.req.valid('json')
    const db = c.var.database.db
    await updateRegisterFields({
      db,
      now: c.var.now,
      userId: user.id,
      fields: {
        address: body.address,
        suburb: body.suburb,
        city: body.city,
        postCode: body.post_code,
        emergencyContactName: body.emergency_contact_name,
        emergencyContactRelationship: body.emergency_contact_relationship,
        emergencyContactMobileNumber: body.emergency_contact_mobile_number,
        emergencyContactEmail: body.emergency_contact_email,
        confidenceAndExperience: body.confidence_and_experience,
        hearAboutUs: body.hear_about_us,
        hearAboutUsOther: body.hear_about_us_other,
        emailNotificationsEnabled: body.email_notifications_enabled,
        pushNotificationsEnabled: body.push_notifications_enabled,
        paymentReminders: body.payment_reminders,
      },
    })
    const [updated] = await db.select().from(users).where(eq(users.id, user.id))
    if (!updated) throw new AppError('NOT_FOUND', 'User not found.')
    return c.json({ data: await loadSessionUser({ db, user: updated }) }, 200)
  })
}
