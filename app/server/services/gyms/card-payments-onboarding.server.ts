import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { ownedBy } from '~/access/scope.server'
import type { Db } from '~/db/client.server'
import { cardAccountOnboardings, gyms } from '~/db/schema'
import { AppError } from '~/lib/errors'
import { hashToken, randomToken } from '~/server/auth/tokens.server'
import { finishSandboxOnboarding } from '~/server/providers/payments/card-account-sandbox.server'
import type { CardAccountProvider } from '~/server/providers/payments/card-accounts'
import { recordAudit } from '../audit/record-audit.server'
import { findGym } from './find-gyms.server'

/** How long the owner has to come back from the onboarding page to `/stripe/callback`. */
const STATE_MINUTES = 60

export const onboardingStateMessage =
  'This card payments link has expired or was already used. Start connecting again from the gym’s page.'

type SiteUrl = (site: 'join' | 'console', path: string) => string

/**
 * `POST /api/gyms/{id}/stripe/redirect` (PROVIDERS.md §1.4): the gym's account with the card provider
 * (made now, or the one an earlier unfinished onboarding made), a single-use onboarding link to it, and
 * a `state` of 256 random bits for our `/stripe/callback` — kept as a hash, for this admin, for an hour.
 * Starting again (a link used or expired: Stripe's `refresh_url`) makes a new link and state for the
 * same account. The provider is called outside any transaction.
 */
export async function startCardPaymentsOnboarding(options: {
  db: Db
  now: Date
  provider: CardAccountProvider
  organisationId: number
  gymId: number
  userId: number
  siteUrl: SiteUrl
}): Promise<{ url: string }> {
  const { db, now, provider } = options
  const [gym] = await db
    .select()
    .from(gyms)
    .where(and(eq(gyms.id, options.gymId), ownedBy(gyms, options.organisationId)))
  if (!gym) throw new AppError('NOT_FOUND', 'Gym not found.')
  if (gym.stripeId && gym.stripeChargesEnabled) {
    throw new AppError('CONFLICT', `Card payments are already connected for ${gym.name}.`)
  }
  // An unfinished onboarding's account is carried on with; only a gym with none gets a new one.
  const made =
    gym.stripeId ??
    (await onboardedAccount(db, gym.id, provider.name)) ??
    (
      await provider.createAccount({
        metadata: { gym_uuid: gym.uuid, organisation_id: String(gym.organisationId) },
        businessName: gym.name,
        now,
      })
    ).accountId
  const state = randomToken()
  // Two presses at once both found no account and both asked for one: the gym's row lock makes them
  // record one after the other, and the second goes on with the account the first recorded. (Stripe
  // answered both with one account anyway: its key is per gym.) The provider itself is called before,
  // outside the transaction: the sandbox keeps its accounts in this database, and PGlite's one
  // connection would wait forever for a call made while a transaction holds it.
  const accountId = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ stripeId: gyms.stripeId })
      .from(gyms)
      .where(eq(gyms.id, gym.id))
      .for('update')
    if (!locked) throw new AppError('NOT_FOUND', 'Gym not found.')
    const accountId = locked.stripeId ?? (await onboardedAccount(tx, gym.id, provider.name)) ?? made
    await tx.insert(cardAccountOnboardings).values({
      organisationId: gym.organisationId,
      gymId: gym.id,
      startedByUserId: options.userId,
      provider: provider.name,
      accountId,
      stateHash: hashToken(state),
      stateExpiresAt: new Date(now.getTime() + STATE_MINUTES * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    return accountId
  })
  const link = await provider.createOnboardingLink({
    accountId,
    returnUrl: options.siteUrl('console', `/stripe/callback?${new URLSearchParams({ state })}`),
    refreshUrl: options.siteUrl('console', `/gyms/${gym.id}`),
    now,
  })
  await recordAudit(db, {
    organisationId: gym.organisationId,
    actorUserId: options.userId,
    action: 'gym.card_payments_onboarding_started',
    subjectType: 'gym',
    subjectId: gym.id,
    changes: { account: accountId, provider: provider.name },
  })
  return { url: link.url }
}

/** The account the gym's latest onboarding with this provider went on with, if it has one. */
async function onboardedAccount(
  db: Db,
  gymId: number,
  provider: CardAccountProvider['name'],
): Promise<string | undefined> {
  const [earlier] = await db
    .select({ accountId: cardAccountOnboardings.accountId })
    .from(cardAccountOnboardings)
    .where(and(eq(cardAccountOnboardings.gymId, gymId), eq(cardAccountOnboardings.provider, provider)))
    .orderBy(desc(cardAccountOnboardings.id))
    .limit(1)
  return earlier?.accountId
}

/**
 * `POST /api/stripe/exchange`: back at `/stripe/callback` with the `state`. It must be one this admin
 * started, unused and recent; it is used up whatever follows, so it cannot be replayed. Reaching the
 * callback proves nothing (the owner may have left): the account is re-read, and only submitted details
 * set the gym's `stripe_id` (and whether charges are enabled), audited in one transaction.
 */
export async function finishCardPaymentsOnboarding(options: {
  db: Db
  now: Date
  provider: CardAccountProvider
  organisationId: number
  userId: number
  state: string
}): Promise<{ gymId: number; connected: boolean; chargesEnabled: boolean; payoutsEnabled: boolean }> {
  const { db, now } = options
  const [onboarding] = await db
    .update(cardAccountOnboardings)
    .set({ stateHash: null, finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(cardAccountOnboardings.stateHash, hashToken(options.state)),
        eq(cardAccountOnboardings.startedByUserId, options.userId),
        eq(cardAccountOnboardings.provider, options.provider.name),
        ownedBy(cardAccountOnboardings, options.organisationId),
        gt(cardAccountOnboardings.stateExpiresAt, now),
        isNull(cardAccountOnboardings.finishedAt),
      ),
    )
    .returning()
  if (!onboarding) {
    throw new AppError('VALIDATION', onboardingStateMessage, {
      fieldErrors: { state: [onboardingStateMessage] },
    })
  }
  const account = await options.provider.retrieveAccount({ accountId: onboarding.accountId })
  const enabled = {
    chargesEnabled: account?.chargesEnabled ?? false,
    payoutsEnabled: account?.payoutsEnabled ?? false,
  }
  if (!account?.detailsSubmitted) return { gymId: onboarding.gymId, connected: false, ...enabled }
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ stripeId: gyms.stripeId, chargesEnabled: gyms.stripeChargesEnabled })
      .from(gyms)
      .where(and(eq(gyms.id, onboarding.gymId), ownedBy(gyms, options.organisationId)))
      .for('update')
    if (!before) throw new AppError('NOT_FOUND', 'Gym not found.')
    await tx
      .update(gyms)
      .set({ stripeId: account.id, stripeChargesEnabled: account.chargesEnabled, updatedAt: now })
      .where(eq(gyms.id, onboarding.gymId))
    await recordAudit(tx, {
      organisationId: options.organisationId,
      actorUserId: options.userId,
      action: 'gym.card_payments_connected',
      subjectType: 'gym',
      subjectId: onboarding.gymId,
      changes: {
        stripe_id: { from: before.stripeId, to: account.id },
        charges_enabled: { from: before.chargesEnabled, to: account.chargesEnabled },
        payouts_enabled: account.payoutsEnabled,
      },
    })
  })
  return { gymId: onboarding.gymId, connected: true, ...enabled }
}

/**
 * The sandbox onboarding gone through as an owner goes through it, for the demo seed and test gyms
 * (issue 25): the gym's account made, its onboarding link used with the business's details submitted
 * (the sandbox's Submit), and the account re-read to set the gym's `stripe_id` — so a demo gym whose
 * members pay by card shows "Connected". Only with the sandbox, which needs no person at the page.
 */
export async function connectSandboxCardPayments(options: {
  db: Db
  now: Date
  provider: CardAccountProvider
  gymId: number
  email: string
}): Promise<void> {
  const { db, now, provider } = options
  const [gym] = await db.select().from(gyms).where(eq(gyms.id, options.gymId))
  if (!gym) throw new AppError('NOT_FOUND', 'Gym not found.')
  const { accountId } = await provider.createAccount({
    metadata: { gym_uuid: gym.uuid, organisation_id: String(gym.organisationId) },
    businessName: gym.name,
    now,
  })
  const back = 'http://console.localhost/gyms'
  const link = await provider.createOnboardingLink({ accountId, returnUrl: back, refreshUrl: back, now })
  const token = new URL(link.url, back).searchParams.get('link') ?? ''
  const returned = await finishSandboxOnboarding({
    db,
    link: token,
    now,
    details: { businessName: gym.name, email: options.email },
  })
  const account = returned ? await provider.retrieveAccount({ accountId }) : null
  if (!account?.detailsSubmitted) throw new Error(`The sandbox onboarding of ${gym.name} did not finish`)
  await db
    .update(gyms)
    .set({ stripeId: account.id, stripeChargesEnabled: account.chargesEnabled, updatedAt: now })
    .where(eq(gyms.id, gym.id))
}

/**
 * The console's callback step: `finishCardPaymentsOnboarding`, answered with the gym as the gyms screens
 * show it and what happened, in words.
 */
export async function connectCardPayments(options: Parameters<typeof finishCardPaymentsOnboarding>[0]) {
  const finished = await finishCardPaymentsOnboarding(options)
  const gym = await findGym({
    db: options.db,
    organisationId: options.organisationId,
    viewerId: options.userId,
    gymId: finished.gymId,
  })
  const message = finished.connected
    ? `Card payments are connected for ${gym.gym.name}.`
    : `You left before finishing, so card payments aren’t connected for ${gym.gym.name} yet.`
  return { ...finished, gym, message }
}
