import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core'
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
  },
  (t) => [
    check('sandbox_charges_kind_check', isOneOf(t.kind, sandboxChargeKinds)),
    check('sandbox_charges_status_check', isOneOf(t.status, sandboxChargeStatuses)),
    check('sandbox_charges_amount_check', sql`${t.amount} > 0 and ${t.pollCount} >= 0`),
  ],
)
