import type { PaymentStatus, PaymentStatusCode } from 'akahu'
import { type ChargeResult, REAUTHENTICATE_AKAHU } from '../payment-provider'

export const reconnectBankWords =
  "The member's bank connection has ended or no longer allows this payment. They have been asked to connect their bank again."

interface Failure {
  errorStatus: string
  errorDescription: string
}

/**
 * Akahu's reason codes (SDK `PaymentStatusCode`) as our error statuses and the words a gym owner reads.
 * Where the sandbox already has a status for the same case (`insufficient_funds`, `invalid_account`,
 * `bank_error`) it is reused, so reports and retries treat both alike.
 */
const reasons: Record<PaymentStatusCode, Failure> = {
  INSUFFICIENT_FUNDS: {
    errorStatus: 'insufficient_funds',
    errorDescription: "The member's bank account did not have enough money for this payment.",
  },
  INVALID_ACCOUNT: {
    errorStatus: 'invalid_account',
    errorDescription:
      "The member's bank account cannot make this payment (for example a savings account). Ask the member to connect another account.",
  },
  MULTISIG_UNSUPPORTED: {
    errorStatus: 'invalid_account',
    errorDescription:
      "The member's bank account needs more than one person to approve payments, so it cannot pay automatically. Ask the member to connect another account.",
  },
  MFA_UNSUPPORTED: {
    errorStatus: 'invalid_account',
    errorDescription:
      "The member's bank asks for an extra approval step that automatic payments cannot give. Ask the member to connect another account.",
  },
  SINGLE_LIMIT_EXCEEDED: {
    errorStatus: 'limit_exceeded',
    errorDescription: "The payment is above the member's bank limit for a single payment.",
  },
  DAILY_LIMIT_EXCEEDED: {
    errorStatus: 'limit_exceeded',
    errorDescription: "The member's bank daily payment limit was reached; the payment will be tried again.",
  },
  AKAHU_LIMIT_EXCEEDED: {
    errorStatus: 'limit_exceeded',
    errorDescription: 'The payment is above the open-banking limit set for the member’s connection.',
  },
  AUTHENTICATION_FAILED: { errorStatus: REAUTHENTICATE_AKAHU, errorDescription: reconnectBankWords },
  MFA_FAILED: { errorStatus: REAUTHENTICATE_AKAHU, errorDescription: reconnectBankWords },
  BANK_ERROR: {
    errorStatus: 'bank_error',
    errorDescription: "The member's bank reported an error and did not make the payment.",
  },
  INTERNAL_ERROR: {
    errorStatus: 'bank_error',
    errorDescription: 'The open-banking service had an error and did not make the payment.',
  },
  UNAVAILABLE: {
    errorStatus: 'bank_error',
    errorDescription: "The member's bank was unavailable and did not make the payment.",
  },
  AFTER_HOURS: {
    errorStatus: 'bank_error',
    errorDescription: "The member's bank does not make payments at this time of day; it will be tried again.",
  },
  USER_CANCELLED: {
    errorStatus: 'cancelled_by_member',
    errorDescription: 'The member cancelled this payment at their bank.',
  },
  APP_CANCELLED: {
    errorStatus: 'payment_cancelled',
    errorDescription: 'The payment was cancelled before the bank made it.',
  },
  AKAHU_CANCELLED: {
    errorStatus: 'payment_cancelled',
    errorDescription: 'The open-banking service cancelled the payment before the bank made it.',
  },
}

const unknownFailure: Failure = {
  errorStatus: 'bank_error',
  errorDescription: "The member's bank did not make the payment.",
}

/** Ended without the money moving. Any other status (`READY`, `PENDING_APPROVAL`, `PAUSED`, or one Akahu
 * adds later) is still on its way: we never call a payment failed that might yet be sent. */
const failedStatuses: readonly string[] = ['DECLINED', 'ERROR', 'CANCELLED']

/**
 * An Akahu payment's state as a charge result. `SENT` is the bank's acceptance, final for an enduring
 * payment; `DECLINED`, `ERROR` and `CANCELLED` end it with the reason's words; anything else is pending.
 * Akahu's own `status_text` is not shown: it is written for developers, and may name the account.
 */
export function akahuChargeResult(payment: {
  _id: string
  status: PaymentStatus
  status_code?: PaymentStatusCode | undefined
}): ChargeResult {
  if (payment.status === 'SENT') return { status: 'succeeded', reference: payment._id }
  if (!failedStatuses.includes(payment.status)) return { status: 'pending', reference: payment._id }
  const reason = (payment.status_code && reasons[payment.status_code]) || unknownFailure
  return { status: 'failed', reference: payment._id, ...reason }
}
