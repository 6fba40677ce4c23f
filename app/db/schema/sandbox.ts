import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
import { id, instant, isOneOf } from './columns'

// Kept here rather than in ./enums: they belong to the sandbox providers alone, not to the app's model.
export const sandboxChargeKinds = ['card', 'bank'] as const
export type SandboxChargeKind = (typeof sandboxChargeKinds)[number]

export const sandboxChargeStatuses = ['pending', 'succeeded', 'failed'] as const
export type SandboxChargeStatus = (typeof sandboxChargeStatuses)[number]

/**
 * The sandbox payment providers' own ledger (docs/sandbox-payments.md): what the "provider" has seen,
 * kept in the database so it survives the app being killed mid-call, exactly as a real provider's
 * records do. The unique idempotency key makes a repeated charge replay the first one. Not
 * organisation-owned: it stands for the provider's side, outside the app's data.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: id(),
    kind: text('kind', { enum: sandboxChargeKinds }).notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The provider's id of the charge, as a real provider returns it (`pi_sandbox_…`, `payment_sandbox_…`). */
    reference: text('reference').notNull().unique(),
    /** Hash of amount, currency and payment method: a key reused with other parameters is refused. */
    requestFingerprint: text('request_fingerprint').notNull(),
    /** What decided the outcome: a card's last four digits or a bank account's suffix, never more. */
    testValue: text('test_value'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: sandboxChargeStatuses }).notNull(),
    errorStatus: text('error_status'),
    errorDescription: text('error_description'),
    pollCount: integer('poll_count').notNull().default(0),
    /** The caller's clock (`now` of the request), so simulations can move time. */
    createdAt: instant('created_at').notNull(),
    /** When a pending (bank) charge reaches its final status, on the first poll at or after it. */
    settlesAt: instant('settles_at'),
    settledAt: instant('settled_at'),
    /**
     * An on-session card charge waiting for the member's approval (Stripe's `requires_action`): the
     * client secret their browser approves it with, kept as Stripe keeps it to replay the first answer.
     */
    actionSecret: text('action_secret').unique(),
    /**
     * When the sandbox bank sent the payment's `PAYMENT.UPDATE` into the webhook pipeline (its settle
     * time passed while it was pending): each payment's event goes once.
     */
    eventSentAt: instant('event_sent_at'),
  },
  (t) => [
    // The sandbox bank's event run reads the pending bank payments due to settle whose event is unsent.
    index('sandbox_charges_events_due_idx')
      .on(t.settlesAt)
      .where(sql`${t.kind} = 'bank' and ${t.status} = 'pending' and ${t.eventSentAt} is null`),
    check('sandbox_charges_kind_check', isOneOf(t.kind, sandboxChargeKinds)),
    check('sandbox_charges_status_check', isOneOf(t.status, sandboxChargeStatuses)),
    check('sandbox_charges_amount_check', sql`${t.amount} > 0 and ${t.pollCount} >= 0`),
  ],
)

export const sandboxCardSetupStatuses = ['requires_payment_method', 'succeeded'] as const
export type SandboxCardSetupStatus = (typeof sandboxCardSetupStatuses)[number]

/**
 * The card sandbox's setup intents (Stripe's SetupIntent, PROVIDERS.md §1): created by the server, confirmed
 * by the browser with the card's details, read back by the server. Only what Stripe would tell us about
 * the saved card is kept (brand, last four, expiry, country); the number and CVC are never stored.
 */
export const sandboxCardSetups = pgTable(
  'sandbox_card_setups',
  {
    /** `seti_sandbox_…` */
    id: text('id').primaryKey(),
    /** SHA-256 of the client secret the browser confirms with. */
    clientSecretHash: text('client_secret_hash').notNull(),
    status: text('status', { enum: sandboxCardSetupStatuses }).notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    paymentMethodReference: text('payment_method_reference'),
    brand: text('brand'),
    lastFour: text('last_four'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    country: text('country'),
    /** The last refusal (`card_declined`, …) and its words, as Stripe's `last_setup_error`. */
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    createdAt: instant('created_at').notNull(),
    confirmedAt: instant('confirmed_at'),
    /** The member removed the card (Stripe's detach): the sandbox card is forgotten. */
    detachedAt: instant('detached_at'),
  },
  (t) => [check('sandbox_card_setups_status_check', isOneOf(t.status, sandboxCardSetupStatuses))],
)

/**
 * The bank sandbox's consents (Akahu's OAuth, PROVIDERS.md §2): the accounts a person chose to share,
 * the one-time authorisation code given back to the app, and the access token it is exchanged for.
 */
export const sandboxBankGrants = pgTable('sandbox_bank_grants', {
  id: id(),
  /** SHA-256 of the one-time code; null once exchanged. */
  codeHash: text('code_hash').unique(),
  /** SHA-256 of the access token the code was exchanged for. */
  tokenHash: text('token_hash').unique(),
  /** The shared test accounts' suffixes (`91`, `93`, …), in the order shown. */
  accountSuffixes: text('account_suffixes').array().notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: instant('created_at').notNull(),
  exchangedAt: instant('exchanged_at'),
})

/**
 * The card sandbox's connected accounts (Stripe Connect, PROVIDERS.md §1.4): an account made for a gym,
 * and the single onboarding link its owner follows to the sandbox's own onboarding page. The link is
 * kept as a hash and works once, for five minutes, as Stripe's Account Links do; `details_submitted`
 * and `charges_enabled` are what the app re-reads at its callback.
 */
export const sandboxConnectAccounts = pgTable('sandbox_connect_accounts', {
  /** `acct_sandbox_…` */
  id: text('id').primaryKey(),
  /** What the platform said when it made the account (`gym_uuid`, …), as Stripe's `metadata`. */
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  /** Filled in on the onboarding page. */
  businessName: text('business_name'),
  email: text('email'),
  country: text('country').notNull().default('NZ'),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  /** SHA-256 of the onboarding link's token; null once the link was used. */
  linkHash: text('link_hash').unique(),
  linkExpiresAt: instant('link_expires_at'),
  returnUrl: text('return_url'),
  refreshUrl: text('refresh_url'),
  createdAt: instant('created_at').notNull(),
  submittedAt: instant('submitted_at'),
})
