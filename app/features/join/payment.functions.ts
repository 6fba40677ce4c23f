import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { membershipRoutes } from '~/contracts/api/membership.routes'
import { paymentMethodRoutes } from '~/contracts/api/payment-methods.routes'
import { subscriptionRoutes } from '~/contracts/api/subscriptions.routes'
import {
  bankExchangeRequestSchema,
  joinRequestSchema,
  membershipQuoteQuerySchema,
  sandboxBankConsentRequestSchema,
  sandboxCardConfirmRequestSchema,
  saveCardRequestSchema,
} from '~/contracts/join-payment'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** The join flow's payment steps, confirm and welcome (issue 14), each through the API's route objects. */

export const listPaymentTypes = createServerFn({ method: 'GET' }).handler(() =>
  api().data(paymentMethodRoutes.list),
)

/** Pay with this method from now on: `agreed` once a member who has joined has seen what it means. */
export const switchPaymentType = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, agreed: z.boolean().optional() }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(paymentMethodRoutes.switch, { params: { id: data.id }, body: { agreed: data.agreed } }),
    ),
  )

/** What paying with this method would mean, before anything changes (issue 25). */
export const fetchPaymentTypeChange = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(paymentMethodRoutes.change, { params: data }))

export const startCardSetup = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() => api().data(paymentMethodRoutes.cardSetup)),
)

/**
 * The sandbox card form's confirm, standing in for Stripe.js `confirmSetup`: the card's details go to
 * the sandbox provider's endpoint and nowhere else (nothing here logs or keeps them).
 */
export const confirmSandboxCard = createServerFn({ method: 'POST' })
  .validator(sandboxCardConfirmRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().data(paymentMethodRoutes.sandboxCardConfirm, { body: data })),
  )

export const saveCard = createServerFn({ method: 'POST' })
  .validator(saveCardRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(paymentMethodRoutes.saveCard, { body: data })))

export const fetchBankAuthUrl = createServerFn({ method: 'POST' }).handler(() =>
  toActionResult(() => api().data(paymentMethodRoutes.authUrl)),
)

/** connect-akahu's return: the code exchanged, then the shared accounts saved; answers the bank methods. */
export const finishBankConnection = createServerFn({ method: 'POST' })
  .validator(bankExchangeRequestSchema)
  .handler(({ data }) =>
    toActionResult(async () => {
      await api().call(paymentMethodRoutes.exchange, { body: data })
      return api().data(paymentMethodRoutes.syncAccounts)
    }),
  )

export const listSandboxBankAccounts = createServerFn({ method: 'GET' }).handler(() =>
  api().data(paymentMethodRoutes.sandboxBankAccounts),
)

export const grantSandboxBankConsent = createServerFn({ method: 'POST' })
  .validator(sandboxBankConsentRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().data(paymentMethodRoutes.sandboxBankConsent, { body: data })),
  )

export const fetchMembershipOptions = createServerFn({ method: 'GET' }).handler(() =>
  api().data(membershipRoutes.options),
)

export const fetchMembershipQuote = createServerFn({ method: 'GET' })
  .validator(membershipQuoteQuerySchema)
  .handler(({ data }) => toActionResult(() => api().data(membershipRoutes.quote, { query: data })))

/** confirm-subscription's "Confirm and pay": `POST /api/subscriptions` with the client's key. */
export const joinMembership = createServerFn({ method: 'POST' })
  .validator(joinRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(subscriptionRoutes.create, { body: data })))

export const fetchActiveSubscription = createServerFn({ method: 'GET' }).handler(() =>
  api().data(membershipRoutes.active),
)
