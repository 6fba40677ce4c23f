import type { PaymentMethodType } from '~/contracts/enums'
import type { Db } from '~/db/client.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { sandboxBankAccountReference } from '~/server/providers/payments/bank-sandbox.server'
import { sandboxCardReference, sandboxTestCards } from '~/server/providers/payments/card-sandbox.server'
import { fakeBankAccount, fakeCard, fakeProviderId } from '~/server/seed/fake-payment-details'
import type { Random } from '~/server/seed/random'
import {
  addPaymentMethod,
  type PaymentMethod,
} from '~/server/services/payment-methods/add-payment-method.server'
import type { MethodOutcome } from './types'

/** Sandbox test values whose every charge fails (docs/sandbox-payments.md); 0002 is refused at saving. */
const failingCards = ['9995', '0341', '0069', '3184'] as const
const failingBankSuffixes = ['93', '92', '94'] as const
const cardsThatFail = new Set(
  sandboxTestCards.filter((card) => card.outcome.status === 'failed').map((card) => card.lastFour),
)

/**
 * Saves a member's bank account or card through `addPaymentMethod`, with sandbox references whose test
 * value gives the wanted outcome: a failing one is a Stripe decline card or an Akahu demo account
 * suffix 92–94; a succeeding one is any other card or account (suffix 01 settles after three days).
 */
export async function addSandboxPaymentMethod(options: {
  db: Db
  random: Random
  organisationId: number
  userId: number
  /** The gym whose card account holds a card. */
  gymId: number
  type: PaymentMethodType
  outcome: MethodOutcome
  makeDefault: boolean
  now: Date
}): Promise<PaymentMethod> {
  const { db, random, organisationId, userId, type, outcome, now } = options
  const common = { db, now, organisationId, userId, makeDefault: options.makeDefault }
  if (type === 'bank_account') {
    const account = fakeBankAccount(random)
    const bankAccountNumber =
      outcome === 'fails'
        ? account.bankAccountNumber.replace(/-\d{2,3}$/, `-${random.pick(failingBankSuffixes)}`)
        : account.bankAccountNumber
    return addPaymentMethod({
      ...common,
      method: {
        type: 'bank_account',
        bankAccountNumber,
        name: account.name,
        providerReference: sandboxBankAccountReference(bankAccountNumber),
        meta: { bank: account.bank },
      },
    })
  }
  const card = fakeCard(random, calendarDateAt(now))
  const lastFour =
    outcome === 'fails'
      ? random.pick(failingCards)
      : cardsThatFail.has(card.lastFour)
        ? '4242'
        : card.lastFour
  return addPaymentMethod({
    ...common,
    method: {
      type: 'stripe_card',
      gymId: options.gymId,
      ...card,
      lastFour,
      providerReference: sandboxCardReference(lastFour, fakeProviderId(random, 'pm').slice(3, 17)),
      providerCustomerReference: fakeProviderId(random, 'cus', 14),
    },
  })
}
