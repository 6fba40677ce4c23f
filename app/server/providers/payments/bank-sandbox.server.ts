/**
 * The sandbox bank provider: Akahu enduring payments, played from the `sandbox_charges` table. Like an
 * Akahu payment, every charge starts `pending` and reaches its final status later; here the first
 * `pollCharge` whose `now` is at or after the charge's settle time settles it. The outcome is chosen by
 * the last two digits of the account number's suffix (NZ format `BB-bbbb-AAAAAAA-SS` or `-SSS`, so
 * `-091` counts as 91), echoing Akahu's Demo Bank accounts `99-9999-9999999-91…94` (PROVIDERS.md §2). Same table as
 * docs/sandbox-payments.md:
 *
 * | suffix        | example account      | lifecycle                                                       |
 * |---------------|----------------------|-----------------------------------------------------------------|
 * | 91, any other | 99-9999-9999999-91   | pending, `succeeded` from 1 hour after the charge               |
 * | 01            | 12-3140-0171323-01   | pending, `succeeded` from 3 days after the charge (slow bank)   |
 * | 92            | 99-9999-9999999-92   | pending, `failed` `invalid_account` from 1 hour after           |
 * | 93            | 99-9999-9999999-93   | pending, `failed` `insufficient_funds` from 1 hour after        |
 * | 94            | 99-9999-9999999-94   | pending, `failed` `bank_error` from 3 days after (slow failure) |
 *
 * The method reference is either `sandboxBankAccountReference(accountNumber)` (`acc_sandbox_<hash>_<suffix>`,
 * which keeps the full number out of references and logs) or the account number itself. A reference
 * that names no account is refused before anything is created, so not recorded (reference null,
 * `findCharge` null): `account_not_found`.
 */
import { createHash } from 'node:crypto'
import { parseNzBankAccount } from '~/lib/nz-bank-account'
import type { ChargeRequest, PaymentProvider } from './payment-provider'
import {
  createSandboxProvider,
  type SandboxDecision,
  type SandboxOptions,
  type SandboxOutcome,
} from './sandbox-ledger.server'

const HOUR_MS = 60 * 60 * 1000

export interface SandboxTestAccount {
  /** The last two digits of the account number's suffix. */
  suffix: string
  example: string
  /** How long after the charge its final status is reached. */
  settlesAfterMs: number
  outcome: SandboxOutcome
}

/** Outcome and timing for a suffix not listed in `sandboxTestAccounts`. */
export const sandboxDefaultBankAccount: SandboxTestAccount = {
  suffix: '91',
  example: '99-9999-9999999-91',
  settlesAfterMs: HOUR_MS,
  outcome: { status: 'succeeded' },
}

export const sandboxTestAccounts: readonly SandboxTestAccount[] = [
  sandboxDefaultBankAccount,
  {
    suffix: '01',
    example: '12-3140-0171323-01',
    settlesAfterMs: 72 * HOUR_MS,
    outcome: { status: 'succeeded' },
  },
  {
    suffix: '92',
    example: '99-9999-9999999-92',
    settlesAfterMs: HOUR_MS,
    outcome: {
      status: 'failed',
      errorStatus: 'invalid_account',
      errorDescription:
        "The member's bank account cannot make payments (for example a savings account). Ask the member to connect another account.",
    },
  },
  {
    suffix: '93',
    example: '99-9999-9999999-93',
    settlesAfterMs: HOUR_MS,
    outcome: {
      status: 'failed',
      errorStatus: 'insufficient_funds',
      errorDescription: "The member's bank account did not have enough money for this payment.",
    },
  },
  {
    suffix: '94',
    example: '99-9999-9999999-94',
    settlesAfterMs: 72 * HOUR_MS,
    outcome: {
      status: 'failed',
      errorStatus: 'bank_error',
      errorDescription: "The member's bank reported an error and did not make the payment.",
    },
  },
]

const bySuffix = new Map(sandboxTestAccounts.map((account) => [account.suffix, account]))

const ACCOUNT_REFERENCE = /^acc_[A-Za-z0-9_]*_(\d{2,4})$/

function twoDigitSuffix(suffix: string): string {
  return String(Number(suffix) % 100).padStart(2, '0')
}

/**
 * A bank account reference for the sandbox, `acc_sandbox_<hash>_<suffix>`: the same account always gets
 * the same reference, and only the suffix of the number can be read back from it.
 */
export function sandboxBankAccountReference(accountNumber: string): string {
  const parts = parseNzBankAccount(accountNumber)?.parts
  if (!parts) throw new RangeError('Not a New Zealand bank account number (BB-bbbb-AAAAAAA-SS)')
  const { bank, branch, base, suffix } = parts
  const hash = createHash('sha256').update(`${bank}-${branch}-${base}-${suffix}`).digest('hex').slice(0, 16)
  return `acc_sandbox_${hash}_${twoDigitSuffix(suffix)}`
}

/** The two-digit suffix a reference or account number stands for, or null when it names no account. */
export function sandboxBankSuffix(reference: string): string | null {
  const digits = parseNzBankAccount(reference)?.parts.suffix ?? ACCOUNT_REFERENCE.exec(reference)?.[1]
  return digits ? twoDigitSuffix(digits) : null
}

export function sandboxBankAccount(suffix: string): SandboxTestAccount {
  return bySuffix.get(suffix) ?? sandboxDefaultBankAccount
}

function decide(request: ChargeRequest): SandboxDecision {
  const suffix = sandboxBankSuffix(request.method.reference)
  if (!suffix) {
    return {
      kind: 'refused',
      errorStatus: 'account_not_found',
      errorDescription:
        "The member's bank account is no longer connected. Ask the member to connect it again.",
    }
  }
  const account = sandboxBankAccount(suffix)
  return {
    kind: 'deferred',
    testValue: suffix,
    settlesAt: new Date(request.now.getTime() + account.settlesAfterMs),
  }
}

export function createBankSandbox(options: SandboxOptions): PaymentProvider {
  return createSandboxProvider(
    {
      kind: 'bank',
      name: 'sandbox_bank',
      referencePrefix: 'payment_sandbox_',
      decide,
      settle: (testValue) => sandboxBankAccount(testValue ?? '').outcome,
    },
    options,
  )
}
