import { createServerFn } from '@tanstack/react-start'
import { cardPaymentRoutes } from '~/contracts/api/card-payments.routes'
import { api } from '~/contracts/api/client.server'
import { gymRoutes } from '~/contracts/api/gyms.routes'
import {
  createGymRequestSchema,
  destinationAccountRequestSchema,
  gymContactRequestSchema,
  sandboxOnboardingRequestSchema,
  stripeExchangeRequestSchema,
} from '~/contracts/gyms'
import { toActionResult } from '~/lib/action-result'
import { recordId, z } from '~/lib/validation'

/** `GET /api/gyms`: the organisation's gyms. */
export const fetchGyms = createServerFn({ method: 'GET' }).handler(() => api().data(gymRoutes.list))

/** `GET /api/gyms/{id}`: one gym. */
export const fetchGym = createServerFn({ method: 'GET' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => api().data(gymRoutes.show, { params: data }))

/** `PUT /api/gyms/{id}/destination-accounts/{accountId}`: where bank payments are paid into. */
export const saveDestinationAccount = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, accountId: recordId, account: destinationAccountRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().call(gymRoutes.updateDestinationAccount, {
        params: { id: data.id, accountId: data.accountId },
        body: data.account,
      }),
    ),
  )

/** `PUT /api/gyms/{id}/contact`: how members reach the gym. */
export const saveGymContact = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId, contact: gymContactRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(gymRoutes.updateContact, { params: { id: data.id }, body: data.contact }),
    ),
  )

/** `POST /api/gyms`: a new gym and the account its bank payments go to. */
export const createGym = createServerFn({ method: 'POST' })
  .validator(createGymRequestSchema)
  .handler(({ data }) => toActionResult(() => api().data(gymRoutes.create, { body: data })))

/**
 * `POST /api/gyms/{id}/logo`: the form carries `gym_id` (taken out here), `collection=logo` and `file`;
 * the file goes on to the API as it came, to be checked by its content there.
 */
export const uploadGymLogo = createServerFn({ method: 'POST' })
  .validator((data: unknown) => {
    if (!(data instanceof FormData)) throw new Error('Choose an image file for the logo.')
    const id = recordId.parse(Number(data.get('gym_id')))
    data.delete('gym_id')
    return { id, form: data }
  })
  .handler(({ data }) =>
    toActionResult(() => api().data(gymRoutes.uploadLogo, { params: { id: data.id }, body: data.form })),
  )

/** `POST /api/gyms/{id}/stripe/redirect`: where to send the owner to connect card payments. */
export const startCardPayments = createServerFn({ method: 'POST' })
  .validator(z.object({ id: recordId }))
  .handler(({ data }) => toActionResult(() => api().data(cardPaymentRoutes.redirect, { params: data })))

/** `POST /api/stripe/exchange`: back at `/stripe/callback` with the state. */
export const exchangeCardPaymentsState = createServerFn({ method: 'POST' })
  .validator(stripeExchangeRequestSchema)
  .handler(({ data }) => toActionResult(() => api().call(cardPaymentRoutes.exchange, { body: data })))

/** The sandbox onboarding page's account, by its link (a used or old link answers a failed result). */
export const fetchSandboxOnboarding = createServerFn({ method: 'GET' })
  .validator(z.object({ link: z.string().max(200) }))
  .handler(({ data }) =>
    toActionResult(() => api().data(cardPaymentRoutes.sandboxOnboarding, { query: data })),
  )

/** The sandbox onboarding page's Submit or Return to Gymbase. */
export const finishSandboxOnboarding = createServerFn({ method: 'POST' })
  .validator(sandboxOnboardingRequestSchema)
  .handler(({ data }) =>
    toActionResult(() => api().data(cardPaymentRoutes.sandboxOnboardingFinish, { body: data })),
  )
