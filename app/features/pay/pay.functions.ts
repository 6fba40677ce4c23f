import { createServerFn } from '@tanstack/react-start'
import { api } from '~/contracts/api/client.server'
import { paymentLinkRoutes } from '~/contracts/api/payment-links.routes'
import {
  linkBankReturnSchema,
  payByLinkRequestSchema,
  paymentLinkToken,
  saveLinkCardRequestSchema,
} from '~/contracts/pay'
import { toActionResult } from '~/lib/action-result'
import { z } from '~/lib/validation'

/** The payment link's page (issue 16): each call through the API's route objects, the token its credential. */

const token = z.object({ token: paymentLinkToken })

/** What the link pays; `link: null` with the API's words when no such link exists. */
export const fetchPaymentLink = createServerFn({ method: 'GET' })
  .validator(z.object({ token: z.string().max(200) }))
  .handler(async ({ data }) => {
    const parsed = token.safeParse(data)
    if (!parsed.success)
      return {
        link: null,
        message: 'This payment link doesn’t work. Check it was copied whole, or ask the gym for a new one.',
      }
    const result = await toActionResult(() => api().data(paymentLinkRoutes.show, { params: parsed.data }))
    if (result.ok) return { link: result.data, message: null }
    if (result.status === 404 || result.status === 422) return { link: null, message: result.message }
    throw new Error(result.message)
  })

export const payWithLink = createServerFn({ method: 'POST' })
  .validator(token.extend({ payment: payByLinkRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(paymentLinkRoutes.pay, { params: { token: data.token }, body: data.payment }),
    ),
  )

export const startLinkCardSetup = createServerFn({ method: 'POST' })
  .validator(token)
  .handler(({ data }) => toActionResult(() => api().data(paymentLinkRoutes.cardSetup, { params: data })))

export const saveLinkCard = createServerFn({ method: 'POST' })
  .validator(token.extend({ card: saveLinkCardRequestSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(paymentLinkRoutes.saveCard, { params: { token: data.token }, body: data.card }),
    ),
  )

/** A new bank account: the bank's consent page address (it sends the member back to `/pay-bank`). */
export const startLinkBankConnection = createServerFn({ method: 'POST' })
  .validator(token)
  .handler(({ data }) => toActionResult(() => api().data(paymentLinkRoutes.bankConnection, { params: data })))

/** Back from the bank: the code exchanged and the shared accounts saved for the link's member. */
export const finishLinkBankConnection = createServerFn({ method: 'POST' })
  .validator(token.extend({ back: linkBankReturnSchema }))
  .handler(({ data }) =>
    toActionResult(() =>
      api().data(paymentLinkRoutes.bankAccounts, { params: { token: data.token }, body: data.back }),
    ),
  )
