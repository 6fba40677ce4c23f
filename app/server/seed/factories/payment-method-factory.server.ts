import type { Db } from '~/db/client.server'
import type { PaymentMethodType } from '~/db/schema/enums'
import { calendarDateAt } from '~/server/billing/calendar'
import {
  addPaymentMethod,
  type PaymentMethod,
} from '~/server/services/payment-methods/add-payment-method.server'
import { fakeBankAccount, fakeCard, fakeProviderId } from '../fake-payment-details'
import type { Random } from '../random'

/** A connected bank account or a saved card (at `gymId`), created through `addPaymentMethod`. */
export async function addFakePaymentMethod(options: {
  db: Db
  random: Random
  organisationId: number
  userId: number
  type: PaymentMethodType
  /** The gym whose card account holds a card; unused for bank accounts. */
  gymId: number
  makeDefault?: boolean
  now: Date
}): Promise<PaymentMethod> {
  const { db, random, organisationId, userId, type, gymId, now } = options
  const common = { db, now, organisationId, userId, makeDefault: options.makeDefault ?? false }
  if (type === 'bank_account') {
    const account = fakeBankAccount(random)
    return addPaymentMethod({
      ...common,
      method: {
        type: 'bank_account',
        bankAccountNumber: account.bankAccountNumber,
        name: account.name,
        providerReference: fakeProviderId(random, 'acc', 25),
        meta: { bank: account.bank },
      },
    })
  }
  return addPaymentMethod({
    ...common,
    method: {
      type: 'stripe_card',
      gymId,
      ...fakeCard(random, calendarDateAt(now)),
      providerReference: fakeProviderId(random, 'pm'),
      providerCustomerReference: fakeProviderId(random, 'cus', 14),
    },
  })
}
