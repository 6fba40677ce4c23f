import { eq } from 'drizzle-orm'
import { graceUnits, organisationPriceFrequencies } from '~/contracts/enums'
import { keepOneFrequencyMessage } from '~/contracts/price-rules'
import type { Db } from '~/db/client.server'
import { organisations } from '~/db/schema'
import { gstNumberMessage, normaliseGstNumber } from '~/lib/gst-number'
import { z } from '~/lib/validation'
import { idSchema, notFound, parseInput } from '../service-input.server'

export type OrganisationRow = typeof organisations.$inferSelect

const gracePeriod = z.int().min(0).max(365)

const inputSchema = z.object({
  organisationId: idSchema,
  name: z.string().trim().min(1).max(120).optional(),
  failedPaymentGracePeriod: z.object({ value: gracePeriod, unit: z.enum(graceUnits) }).optional(),
  termMembershipGracePeriod: z.object({ value: gracePeriod, unit: z.enum(graceUnits) }).optional(),
  /** Days of notice before a price rise (issue 25). */
  priceRiseNoticeDays: z.int().min(0).max(365).optional(),
  offeringPermissions: z
    .object({ enableOfferings: z.boolean(), nonStop: z.boolean(), limitedAccess: z.boolean() })
    .optional(),
  /** Receipts' legal name and GST number; null clears. The number is stored as 123-456-789. */
  taxDetails: z
    .object({
      legalName: z.string().trim().max(200).nullable(),
      gstNumber: z
        .string()
        .nullable()
        .transform((value, context) => {
          if (value === null) return null
          const number = normaliseGstNumber(value)
          if (number === null) context.addIssue({ code: 'custom', message: gstNumberMessage })
          return number
        }),
    })
    .optional(),
  priceFrequencies: z.array(z.enum(organisationPriceFrequencies)).min(1, keepOneFrequencyMessage).optional(),
  /** Whether members may pause and cancel their own membership online (issue 28). */
  selfService: z
    .object({ membersMayPauseOnline: z.boolean(), membersMayCancelOnline: z.boolean() })
    .optional(),
})

export type UpdateOrganisationSettingsInput = z.input<typeof inputSchema>

/**
 * Changes some of an organisation's settings (SPEC §3 Organisation); the others stay. Settings apply to
 * what happens next: a shorter grace period counts for memberships entering grace from now on; turning
 * off an offering type or a frequency stops new offerings and prices of it, existing ones carry on.
 */
export async function updateOrganisationSettings(
  options: UpdateOrganisationSettingsInput & { db: Db; now: Date },
): Promise<OrganisationRow> {
  const { db, now, ...rest } = options
  const input = parseInput(inputSchema, rest)
  const [updated] = await db
    .update(organisations)
    .set({
      updatedAt: now,
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.failedPaymentGracePeriod === undefined
        ? {}
        : {
            failedPaymentGracePeriod: input.failedPaymentGracePeriod.value,
            failedPaymentGracePeriodUnit: input.failedPaymentGracePeriod.unit,
          }),
      ...(input.termMembershipGracePeriod === undefined
        ? {}
        : {
            termMembershipGracePeriod: input.termMembershipGracePeriod.value,
            termMembershipGracePeriodUnit: input.termMembershipGracePeriod.unit,
          }),
      ...(input.priceRiseNoticeDays === undefined ? {} : { priceRiseNoticeDays: input.priceRiseNoticeDays }),
      ...(input.offeringPermissions ?? {}),
      ...(input.selfService ?? {}),
      ...(input.taxDetails === undefined
        ? {}
        : { legalName: input.taxDetails.legalName || null, gstNumber: input.taxDetails.gstNumber }),
      ...(input.priceFrequencies === undefined
        ? {}
        : {
            // Stored in the settings screen's order, whatever order they were sent in.
            priceFrequencies: organisationPriceFrequencies.filter((frequency) =>
              input.priceFrequencies?.includes(frequency),
            ),
          }),
    })
    .where(eq(organisations.id, input.organisationId))
    .returning()
  if (!updated) throw notFound('Organisation')
  return updated
}
