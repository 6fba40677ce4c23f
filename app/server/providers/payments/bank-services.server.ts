import type { Db } from '~/db/client.server'
import type { ProviderConfig } from '~/server/providers/provider-config.server'
import { createSecretBox } from '~/server/secret-box.server'
import { createAkahuBankConsent } from './akahu/akahu-bank-consent.server'
import { createAkahuBankPayments } from './akahu/akahu-bank-payments.server'
import { createAkahuClient, type Sleep } from './akahu/akahu-client.server'
import { createBankConsentSandbox } from './bank-consent-sandbox.server'
import { createBankSandbox } from './bank-sandbox.server'
import type { BankConsentProvider } from './payment-method-setup'
import type { PaymentProvider } from './payment-provider'

/** Everything on the bank side: charging a member's account, and the consent that lets us. */
export interface BankServices {
  charges: PaymentProvider
  consents: BankConsentProvider
}

/**
 * The bank side chosen by configuration (issue 26 point 1): Akahu when `getProviderConfig().bank` is
 * Akahu's, else the bank sandbox. The one place that tells them apart; everything above sees only the
 * interfaces. Building either calls no provider.
 */
export function createBankServices(
  config: ProviderConfig['bank'],
  db: Db,
  options: { timeoutMs?: number; sleep?: Sleep } = {},
): BankServices {
  if (config.provider === 'akahu') {
    const client = createAkahuClient(config, { timeoutMs: options.timeoutMs })
    const secrets = createSecretBox(config.dataKey)
    return {
      charges: createAkahuBankPayments({ db, client, sleep: options.sleep, secrets }),
      consents: createAkahuBankConsent({
        client,
        demoBank: config.mode === 'test',
        sleep: options.sleep,
        secrets,
      }),
    }
  }
  return { charges: createBankSandbox({ db }), consents: createBankConsentSandbox({ db }) }
}
