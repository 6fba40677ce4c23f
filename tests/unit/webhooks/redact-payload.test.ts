import { describe, expect, it } from 'vitest'
import { redactPayload, removed } from '~/server/webhooks/redact-payload'

describe('redactPayload', () => {
  it('removes secrets, tokens, personal details and card data at any depth, and keeps ids and amounts', () => {
    const event = {
      id: 'evt_1',
      type: 'setup_intent.succeeded',
      data: {
        object: {
          id: 'seti_1',
          client_secret: 'seti_1_secret_abc',
          amount: 2500,
          payment_method: {
            id: 'pm_1',
            card: { brand: 'visa', last4: '4242', exp_month: 12 },
            billing_details: { name: 'Aroha Ngata', email: 'aroha@example.nz' },
          },
        },
      },
      access_token: 'user_token_x',
      items: [{ secret: 's', id: 'x' }],
    }
    expect(redactPayload(event)).toEqual({
      id: 'evt_1',
      type: 'setup_intent.succeeded',
      data: {
        object: {
          id: 'seti_1',
          client_secret: removed,
          amount: 2500,
          payment_method: { id: 'pm_1', card: removed, billing_details: removed },
        },
      },
      access_token: removed,
      items: [{ secret: removed, id: 'x' }],
    })
    expect(JSON.stringify(redactPayload(event))).not.toMatch(/4242|Aroha|secret_abc|user_token/)
  })
})
