import { createBankSandbox } from './bank-sandbox.server'
import { createCardSandbox } from './card-sandbox.server'
import type { PaymentProviders } from './payment-provider'
import type { SandboxOptions } from './sandbox-ledger.server'

/** The default payment providers when no Stripe or Akahu keys are configured (DESIGN §6). */
export function createSandboxProviders(options: SandboxOptions): PaymentProviders {
  return { card: createCardSandbox(options), bank: createBankSandbox(options) }
}
