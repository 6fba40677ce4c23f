/**
 * The sandbox card provider: Stripe's off-session PaymentIntents, played from the `sandbox_charges`
 * table. Outcomes follow Stripe's test cards (PROVIDERS.md §1.7 and docs.stripe.com/testing), chosen by
 * the saved card's last four digits, which end the payment method reference (`pm_sandbox_…_4242`, see
 * `sandboxCardReference`), or by Stripe's own test payment method ids. Same table as
 * docs/sandbox-payments.md:
 *
 * | last four | Stripe test card    | test token (pm id)                               | charge outcome                        |
 * |-----------|---------------------|--------------------------------------------------|---------------------------------------|
 * | 4242      | 4242 4242 4242 4242 | pm_card_visa                                     | succeeded                             |
 * | 4444      | 5555 5555 5555 4444 | pm_card_mastercard                               | succeeded                             |
 * | 3155      | 4000 0025 0000 3155 | pm_card_authenticationRequiredSetupForOffSession | succeeded (authenticated when saved)  |
 * | 0002      | 4000 0000 0000 0002 | pm_card_chargeDeclined                           | failed `card_declined` (also at save) |
 * | 9995      | 4000 0000 0000 9995 | pm_card_chargeDeclinedInsufficientFunds          | failed `insufficient_funds`           |
 * | 0069      | 4000 0000 0000 0069 | pm_card_chargeDeclinedExpiredCard                | failed `expired_card`                 |
 * | 0119      | 4000 0000 0000 0119 | pm_card_chargeDeclinedProcessingError            | failed `processing_error`             |
 * | 0341      | 4000 0000 0000 0341 | pm_card_chargeCustomerFail                       | saves, then every charge `card_declined` |
 * | 3184      | 4000 0027 6000 3184 | pm_card_authenticationRequired                   | failed `authentication_required`      |
 * | any other |                     |                                                  | succeeded                             |
 *
 * The `pm_card_visa_…` variants of the decline tokens are accepted too (see `sandboxTestCards`).
 *
 * Card charges are final at once (never `pending`), except an on-session charge of the 3184 card: it
 * waits for the member's approval (`pending` with an action, Stripe's `requires_action`), given on the
 * sandbox's own approval dialog (`completeSandboxCardAction`). Refused before anything is created, so not recorded
 * (reference null, `findCharge` null): an amount under 50 cents (`amount_too_small`, Stripe's NZD
 * minimum) and a reference that names no card (`payment_method_not_found`).
 */
import { randomBytes } from 'node:crypto'
import type { ChargeRequest, PaymentProvider } from './payment-provider'
import {
  createSandboxProvider,
  type SandboxDecision,
  type SandboxOptions,
  type SandboxOutcome,
} from './sandbox-ledger.server'

export interface SandboxTestCard {
  lastFour: string
  /** Stripe's test card number: public test data, never a real card. */
  number: string
  brand: 'visa' | 'mastercard'
  /** Stripe's test PaymentMethod ids for this card. */
  tokens: readonly string[]
  /** Saving the card fails (Stripe declines the SetupIntent), so it never becomes a payment method. */
  declinesAtSave: boolean
  outcome: SandboxOutcome
}

const declined = (errorStatus: string, errorDescription: string): SandboxOutcome => ({
  status: 'failed',
  errorStatus,
  errorDescription,
})

const CARD_DECLINED = declined(
  'card_declined',
  "The member's bank declined the card. Ask the member to contact their bank or add another card.",
)

export const sandboxTestCards: readonly SandboxTestCard[] = [
  {
    lastFour: '4242',
    number: '4242424242424242',
    brand: 'visa',
    tokens: ['pm_card_visa'],
    declinesAtSave: false,
    outcome: { status: 'succeeded' },
  },
  {
    lastFour: '4444',
    number: '5555555555554444',
    brand: 'mastercard',
    tokens: ['pm_card_mastercard'],
    declinesAtSave: false,
    outcome: { status: 'succeeded' },
  },
  {
    lastFour: '3155',
    number: '4000002500003155',
    brand: 'visa',
    tokens: ['pm_card_authenticationRequiredSetupForOffSession'],
    declinesAtSave: false,
    outcome: { status: 'succeeded' },
  },
  {
    lastFour: '0002',
    number: '4000000000000002',
    brand: 'visa',
    tokens: ['pm_card_chargeDeclined', 'pm_card_visa_chargeDeclined'],
    declinesAtSave: true,
    outcome: CARD_DECLINED,
  },
  {
    lastFour: '9995',
    number: '4000000000009995',
    brand: 'visa',
    tokens: ['pm_card_chargeDeclinedInsufficientFunds', 'pm_card_visa_chargeDeclinedInsufficientFunds'],
    declinesAtSave: false,
    outcome: declined(
      'insufficient_funds',
      'The card did not have enough funds. Ask the member to top up their account or add another card.',
    ),
  },
  {
    lastFour: '0069',
    number: '4000000000000069',
    brand: 'visa',
    tokens: ['pm_card_chargeDeclinedExpiredCard', 'pm_card_visa_chargeDeclinedExpiredCard'],
    declinesAtSave: false,
    outcome: declined('expired_card', 'The card has expired. Ask the member to add a new card.'),
  },
  {
    lastFour: '0119',
    number: '4000000000000119',
    brand: 'visa',
    tokens: ['pm_card_chargeDeclinedProcessingError', 'pm_card_visa_chargeDeclinedProcessingError'],
    declinesAtSave: false,
    outcome: declined(
      'processing_error',
      'The card payment could not be processed because of a temporary problem. Trying again later usually works.',
    ),
  },
  {
    lastFour: '0341',
    number: '4000000000000341',
    brand: 'visa',
    tokens: ['pm_card_chargeCustomerFail'],
    declinesAtSave: false,
    outcome: CARD_DECLINED,
  },
  {
    lastFour: '3184',
    number: '4000002760003184',
    brand: 'visa',
    tokens: ['pm_card_authenticationRequired'],
    declinesAtSave: false,
    outcome: declined(
      'authentication_required',
      "The member's bank wants them to approve each payment themselves, so it cannot be taken automatically. Ask the member to pay in the app or add another card.",
    ),
  },
]

/** Stripe's minimum charge in NZD, in cents. */
export const SANDBOX_CARD_MINIMUM_AMOUNT = 50

const byToken = new Map(sandboxTestCards.flatMap((card) => card.tokens.map((token) => [token, card])))
const byLastFour = new Map(sandboxTestCards.map((card) => [card.lastFour, card]))

/** A payment method reference for a saved sandbox card: `pm_sandbox_<unique>_<last four>`. */
export function sandboxCardReference(
  lastFour: string,
  unique: string = randomBytes(8).toString('hex'),
): string {
  if (!/^\d{4}$/.test(lastFour)) throw new RangeError('A card reference needs the last four digits')
  if (!/^[A-Za-z0-9]+$/.test(unique)) throw new RangeError('The unique part is letters and digits only')
  return `pm_sandbox_${unique}_${lastFour}`
}

/** The last four digits a sandbox payment method reference stands for, or null when it names no card. */
export function sandboxCardLastFour(reference: string): string | null {
  const card = byToken.get(reference)
  if (card) return card.lastFour
  return /^pm_[A-Za-z0-9_]*?(\d{4})$/.exec(reference)?.[1] ?? null
}

/** The outcome of charging a card with these last four digits. */
export function sandboxCardOutcome(lastFour: string): SandboxOutcome {
  return byLastFour.get(lastFour)?.outcome ?? { status: 'succeeded' }
}

function decide(request: ChargeRequest): SandboxDecision {
  if (request.amount < SANDBOX_CARD_MINIMUM_AMOUNT) {
    return {
      kind: 'refused',
      errorStatus: 'amount_too_small',
      errorDescription: 'Card payments must be at least $0.50.',
    }
  }
  const lastFour = sandboxCardLastFour(request.method.reference)
  if (!lastFour) {
    return {
      kind: 'refused',
      errorStatus: 'payment_method_not_found',
      errorDescription:
        'The saved card is no longer on file with the card provider. Ask the member to add it again.',
    }
  }
  const outcome = sandboxCardOutcome(lastFour)
  // The member is here: their bank's check is theirs to pass (`completeSandboxCardAction`).
  if (request.onSession && outcome.status === 'failed' && outcome.errorStatus === 'authentication_required')
    return { kind: 'action', testValue: lastFour }
  return { kind: 'final', testValue: lastFour, outcome }
}

export function createCardSandbox(options: SandboxOptions): PaymentProvider {
  return createSandboxProvider(
    {
      kind: 'card',
      name: 'sandbox_card',
      referencePrefix: 'pi_sandbox_',
      decide,
      settle: (testValue) => sandboxCardOutcome(testValue ?? ''),
    },
    options,
  )
}
