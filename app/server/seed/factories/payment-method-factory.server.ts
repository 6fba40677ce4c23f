import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { sandboxCardReference } from '~/server/providers/payments/card-sandbox.server'
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
        // The sandbox bank decides outcomes by the account's suffix, as Akahu's demo bank does.
        providerReference: sandboxBankAccountReference(account.bankAccountNumber),
        meta: { bank: account.bank },
      },
    })
  }
  const card = fakeCard(random, calendarDateAt(now))
  return addPaymentMethod({
    ...common,
    method: {
      type: 'stripe_card',
      gymId,
      ...card,
      // The sandbox card provider decides outcomes by the last four digits, as Stripe's test cards do.
      providerReference: sandboxCardReference(card.lastFour, fakeProviderId(random, 'pm').slice(3, 17)),
      providerCustomerReference: fakeProviderId(random, 'cus', 14),
    },
  })
}
