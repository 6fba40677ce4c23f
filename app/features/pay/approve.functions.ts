import { createServerFn } from '@tanstack/react-start'
import { cardPaymentRoutes } from '~/contracts/api/card-payments.routes'
import { api } from '~/contracts/api/client.server'
import { paymentLinkRoutes } from '~/contracts/api/payment-links.routes'
import {
  confirmLinkPaymentRequestSchema,
  paymentLinkToken,
  sandboxCardApprovalRequestSchema,
} from '~/contracts/pay'
import { toActionResult } from '~/lib/action-result'
import { z } from '~/lib/validation'

/**
 * The payment link's bank checks (ADR 042), apart from `pay.functions.ts`: only `approve-payments.ts`,
 * loaded when a charge waits, uses them, so the pay pages do not carry them.
 */

/** After the member's bank check: the charge read back, and the rest of what is owed paid. */
export const confirmLinkPayment = createServerFn({ method: 'POST' })
  .validator(z.object({ token: paymentLinkToken, confirm: confirmLinkPaymentRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(paymentLinkRoutes.confirm, { params: { token: data.token }, body: data.confirm }),
    ),
  )

/** The sandbox bank's check of a card charge: the member's Approve or Don't approve. */
export const answerSandboxCardCheck = createServerFn({ method: 'POST' })
  .validator(sandboxCardApprovalRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().data(cardPaymentRoutes.sandboxCardApproval, { body: data })),
  )
