import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/db/client.server'
import { sandboxCardSetups } from '~/db/schema/sandbox'
import {
  type CardBrand,
  cardBrand,
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  parseCardExpiry,
} from '~/lib/card-number'
import { calendarDateAt } from '~/server/billing/calendar'
import { sandboxCardReference, sandboxTestCards } from './card-sandbox.server'
import type { CardSetup, CardSetupProvider } from './payment-method-setup'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The test cards' country, as Stripe reports it for its own test numbers. */
const TEST_CARD_COUNTRY = 'US'

/**
 * The card sandbox's SetupIntents, kept in `sandbox_card_setups` (docs/sandbox-payments.md). The
 * server side of Stripe's flow: create, then read back once the browser has confirmed.
 */
export function createSandboxCardSetups(options: { db: Db }): CardSetupProvider {
  const { db } = options
  return {
    name: 'sandbox_card',
    async createSetup({ metadata, now }) {
      const id = `seti_sandbox_${randomBytes(12).toString('hex')}`
      const clientSecret = `${id}_secret_${randomBytes(16).toString('hex')}`
      await db.insert(sandboxCardSetups).values({
        id,
        clientSecretHash: sha256(clientSecret),
        status: 'requires_payment_method',
        metadata,
        createdAt: now,
      })
      return { id, clientSecret }
    },
    async retrieveSetup({ id, accountId }) {
      const [row] = await db.select().from(sandboxCardSetups).where(eq(sandboxCardSetups.id, id))
      return row ? toCardSetup(row, accountId) : null
    },
    async detachCard({ reference, now }) {
      await db
        .update(sandboxCardSetups)
        .set({ detachedAt: now })
        .where(
          and(eq(sandboxCardSetups.paymentMethodReference, reference), isNull(sandboxCardSetups.detachedAt)),
        )
    },
  }
}

function toCardSetup(row: typeof sandboxCardSetups.$inferSelect, accountId: string | null): CardSetup {
  if (
    row.status === 'succeeded' &&
    row.paymentMethodReference &&
    row.brand &&
    row.lastFour &&
    row.expMonth &&
    row.expYear
  ) {
    return {
      id: row.id,
      metadata: row.metadata,
      status: 'succeeded',
      card: {
        reference: row.paymentMethodReference,
        brand: row.brand,
        lastFour: row.lastFour,
        expMonth: row.expMonth,
        expYear: row.expYear,
        country: row.country,
        // The sandbox has no customers; the card is kept with the gym's account as Stripe's is.
        customerReference: null,
        accountReference: accountId,
      },
    }
  }
  const error = row.errorCode && row.errorMessage ? { code: row.errorCode, message: row.errorMessage } : null
  return { id: row.id, metadata: row.metadata, status: 'requires_payment_method', error }
}

export interface SandboxCardDetails {
  number: string
  /** "MM / YY" as typed. */
  expiry: string
  cvc: string
}

export type ConfirmSetupResult =
  | { status: 'succeeded' }
  | {
      status: 'requires_payment_method'
      error: { code: string; message: string; field?: keyof SandboxCardDetails }
    }

/** The setup's id is the part of the client secret before `_secret_`, as in Stripe's. */
function setupIdOf(clientSecret: string): string | null {
  return /^(seti_sandbox_[0-9a-f]{24})_secret_[0-9a-f]{32}$/.exec(clientSecret)?.[1] ?? null
}

/**
 * The browser's half: what Stripe.js `confirmSetup` does with the Payment Element's fields. The card is
 * checked as Stripe checks it (number by Luhn, expiry not past, CVC length); a test card that declines
 * when saved (…0002) is refused here with Stripe's words. Only brand, last four, expiry and country
 * are kept; the number and CVC go no further than this function.
 */
export async function confirmSandboxCardSetup(options: {
  db: Db
  clientSecret: string
  card: SandboxCardDetails
  now: Date
}): Promise<ConfirmSetupResult | null> {
  const { db, now, card } = options
  const id = setupIdOf(options.clientSecret)
  if (!id) return null
  const [row] = await db.select().from(sandboxCardSetups).where(eq(sandboxCardSetups.id, id))
  if (!row || !sameSecret(row.clientSecretHash, options.clientSecret)) return null
  if (row.status === 'succeeded') return { status: 'succeeded' }

  const refuse = async (code: string, message: string, field?: keyof SandboxCardDetails) => {
    await db
      .update(sandboxCardSetups)
      .set({ errorCode: code, errorMessage: message })
      .where(eq(sandboxCardSetups.id, id))
    return { status: 'requires_payment_method' as const, error: { code, message, field } }
  }

  const digits = cardDigits(card.number)
  const numberProblem = cardNumberProblem(digits)
  if (numberProblem) return refuse('incorrect_number', numberProblem, 'number')
  const [year = 0, month = 0] = calendarDateAt(now).split('-').map(Number)
  const expiry = parseCardExpiry(card.expiry, { year, month })
  if ('problem' in expiry) return refuse('invalid_expiry', expiry.problem, 'expiry')
  const brand: CardBrand = cardBrand(digits)
  const cvc = cvcProblem(card.cvc, brand)
  if (cvc) return refuse('incorrect_cvc', cvc, 'cvc')

  const lastFour = digits.slice(-4)
  const testCard = sandboxTestCards.find((known) => known.number === digits)
  if (testCard?.declinesAtSave) return refuse('card_declined', 'Your card was declined.')

  await db
    .update(sandboxCardSetups)
    .set({
      status: 'succeeded',
      paymentMethodReference: sandboxCardReference(lastFour),
      brand,
      lastFour,
      expMonth: expiry.month,
      expYear: expiry.year,
      country: TEST_CARD_COUNTRY,
      errorCode: null,
      errorMessage: null,
      confirmedAt: now,
    })
    .where(eq(sandboxCardSetups.id, id))
  return { status: 'succeeded' }
}

function sameSecret(storedHash: string, clientSecret: string): boolean {
  const given = Buffer.from(sha256(clientSecret), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}
