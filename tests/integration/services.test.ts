import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { subscriptions, users } from '~/db/schema'
import { AppError, type AppErrorCode } from '~/lib/errors'
import { nzBankAccountMessages } from '~/lib/nz-bank-account'
import { instantAt } from '~/server/billing/calendar'
import { createDestinationAccount } from '~/server/services/gyms/create-destination-account.server'
import { createGym } from '~/server/services/gyms/create-gym.server'
import { createOffering } from '~/server/services/offerings/create-offering.server'
import { createOrganisation } from '~/server/services/organisations/create-organisation.server'
import { addPaymentMethod } from '~/server/services/payment-methods/add-payment-method.server'
import { recordPayment, recordPayments } from '~/server/services/payments/record-payment.server'
import { createPrice } from '~/server/services/prices/create-price.server'
import { createPrivatePriceLink } from '~/server/services/prices/create-private-price-link.server'
import { cancelSubscription } from '~/server/services/subscriptions/cancel-subscription.server'
import { createSubscription } from '~/server/services/subscriptions/create-subscription.server'
import { pauseSubscription } from '~/server/services/subscriptions/pause-subscription.server'
import { recalculateBalanceOwing } from '~/server/services/subscriptions/recalculate-balance-owing.server'
import { createMember } from '~/server/services/users/create-member.server'
import { createStaffUser } from '~/server/services/users/create-staff-user.server'
import { recordVisits } from '~/server/services/visits/record-visits.server'
import { testNow } from '../factories/clock'
import { createTestMember, createTestMembership, createTestPrice } from '../factories/member-factory'
import { createTestOrganisation } from '../factories/organisation-factory'
import { describeEachDatabase } from './support/database'

/** Expects `promise` to fail with an AppError of `code`, and (if given) a message on `field`. */
async function expectAppError(
  promise: Promise<unknown>,
  code: AppErrorCode,
  field?: string,
  message?: string,
) {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error, 'expected an AppError').toBeInstanceOf(AppError)
  if (!(error instanceof AppError)) return
  expect(error.code).toBe(code)
  if (field) expect(Object.keys(error.fieldErrors ?? {})).toContain(field)
  if (field && message) expect(error.fieldErrors?.[field]).toContain(message)
}

describeEachDatabase('domain services', (t) => {
  const now = testNow

  it('gives organisations unique slugs and keeps a single-gym organisation to one gym', async () => {
    const first = await createOrganisation({ db: t.db, now, name: 'Kōwhai Climbing' })
    const second = await createOrganisation({ db: t.db, now, name: 'Kowhai  Climbing!' })
    expect([first.slug, second.slug]).toEqual(['kowhai-climbing', 'kowhai-climbing-2'])
    await createGym({ db: t.db, now, organisationId: first.id, name: 'Main' })
    await expectAppError(createGym({ db: t.db, now, organisationId: first.id, name: 'Second' }), 'CONFLICT')
  })

  it('checks and normalises destination bank account numbers', async () => {
    const organisation = await createOrganisation({ db: t.db, now, name: 'Bank Check', multiGym: true })
    const gym = await createGym({ db: t.db, now, organisationId: organisation.id, name: 'Riverside' })
    const account = await createDestinationAccount({
      db: t.db,
      now,
      organisationId: organisation.id,
      gymId: gym.id,
      name: 'Riverside',
      bankAccountNumber: '12 3140 0171323 50',
    })
    expect(account.bankAccountNumber).toBe('12-3140-0171323-50')
    const other = await createGym({ db: t.db, now, organisationId: organisation.id, name: 'Hillside' })
    await expectAppError(
      createDestinationAccount({
        db: t.db,
        now,
        organisationId: organisation.id,
        gymId: other.id,
        name: 'x',
        bankAccountNumber: '1234',
      }),
      'VALIDATION',
      'bank_account_number',
    )
    // Shaped right, but the check digits fail (PROVIDERS §4); Demo Bank only in the sandbox.
    for (const [bankAccountNumber, problem] of [
      ['12-3456-7890123-00', 'checksum'],
      ['99-9999-9999999-91', 'bank'],
    ] as const) {
      await expectAppError(
        createDestinationAccount({
          db: t.db,
          now,
          organisationId: organisation.id,
          gymId: other.id,
          name: 'x',
          bankAccountNumber,
        }),
        'VALIDATION',
        'bank_account_number',
        nzBankAccountMessages[problem],
      )
    }
    const sandbox = await createDestinationAccount({
      db: t.db,
      now,
      organisationId: organisation.id,
      gymId: other.id,
      name: 'Demo',
      bankAccountNumber: '99-9999-9999999-91',
      acceptDemoBank: true,
    })
    expect(sandbox.bankAccountNumber).toBe('99-9999-9999999-91')
  })

  it('creates staff with per-gym roles in their own organisation only', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db, gymNames: ['North', 'South'] })
    const elsewhere = await createTestOrganisation({ db: t.db })
    const staff = await createStaffUser({
      db: t.db,
      now,
      organisationId: organisation.id,
      name: 'Kiri Henare',
      email: 'Kiri.Henare@Example.com',
      password: 'long enough password',
      organisationRole: null,
      gymRoles: gyms.map((gym) => ({ gymId: gym.id, role: 'personal_trainer' as const })),
    })
    expect(staff.user.email).toBe('kiri.henare@example.com')
    expect(staff.user.isStaff).toBe(true)
    expect(staff.user.passwordHash).toMatch(/^\$argon2id\$/)
    expect(staff.gymRoles).toHaveLength(2)

    const base = { db: t.db, now, organisationId: organisation.id, name: 'Someone', organisationRole: null }
    await expectAppError(
      createStaffUser({
        ...base,
        email: 'someone@example.com',
        gymRoles: [{ gymId: elsewhere.gyms[0]?.id ?? 0, role: 'admin' }],
      }),
      'VALIDATION',
      'gyms',
    )
    await expectAppError(
      createStaffUser({
        ...base,
        email: 'KIRI.henare@example.com',
        gymRoles: [{ gymId: gyms[0]?.id ?? 0, role: 'admin' }],
      }),
      'VALIDATION',
      'email',
    )
    await expectAppError(
      createStaffUser({ ...base, email: 'norole@example.com', gymRoles: [] }),
      'VALIDATION',
      'role',
    )
  })

  it('creates members with lower-cased e-mail and checks their details', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const member = await createTestMember({
      db: t.db,
      organisationId: organisation.id,
      gymId,
      overrides: { email: 'Tama.Parata@Example.NET' },
    })
    expect(member.email).toBe('tama.parata@example.net')
    expect(member.isStaff).toBe(false)
    expect(member.homeGymId).toBe(gymId)
    expect(member.mobileNumber).toMatch(/^02[127] \d{3} \d{4}$/)
    const base = { db: t.db, now, organisationId: organisation.id, homeGymId: gymId, name: 'Mia Lee' }
    await expectAppError(
      createMember({ ...base, email: 'mia@example.com', hearAboutUs: ['other'] }),
      'VALIDATION',
      'hear_about_us_other',
    )
    await expectAppError(
      createMember({ ...base, email: 'mia@example.com', dob: '2030-01-01' }),
      'VALIDATION',
      'dob',
    )
    await expectAppError(
      createMember({ ...base, email: 'not-an-email' }),
      'VALIDATION',
      'email',
      'Value is not a valid email address',
    )
  })

  it('validates offerings and prices with the messages of SPEC §5', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const base = { db: t.db, now, organisationId: organisation.id, name: 'Off-Peak' }
    await expectAppError(
      createOffering({
        ...base,
        type: 'limited_access',
        hoursMandated: true,
        gyms: gyms.map((gym) => gym.id),
      }),
      'VALIDATION',
      'hours',
      'Add at least one day',
    )
    await expectAppError(
      createOffering({ ...base, type: '24_7' }),
      'VALIDATION',
      'gyms',
      'Select at least one gym',
    )
    const offering = await createOffering({
      ...base,
      type: 'limited_access',
      hoursMandated: true,
      gyms: gyms.map((gym) => gym.id),
      hours: [{ day: 1, openAt: '09:00', closeAt: '16:00' }],
    })
    expect(offering.hours).toHaveLength(1)

    const priceBase = {
      db: t.db,
      now,
      organisationId: organisation.id,
      offeringId: offering.offering.id,
      amount: 1500,
    }
    await expectAppError(
      createPrice({ ...priceBase, billingFrequency: 'monthly', termAmount: 12 }),
      'VALIDATION',
      'term_unit',
      'Please select a term unit',
    )
    await expectAppError(
      createPrice({ ...priceBase, billingFrequency: 'monthly', termUnit: 'month' }),
      'VALIDATION',
      'term_amount',
      'Please enter a term amount',
    )
    await expectAppError(
      createPrice({ ...priceBase, amount: 12.5, billingFrequency: 'weekly' }),
      'VALIDATION',
      'amount',
    )
    const publicPrice = await createPrice({ ...priceBase, billingFrequency: 'weekly' })
    await expectAppError(
      createPrivatePriceLink({ db: t.db, now, organisationId: organisation.id, priceId: publicPrice.id }),
      'VALIDATION',
      'price_id',
    )

    const strict = await createOrganisation({ db: t.db, now, name: 'No 24/7 Here', nonStop: false })
    await createGym({ db: t.db, now, organisationId: strict.id, name: 'Only' })
    await expectAppError(
      createOffering({
        db: t.db,
        now,
        organisationId: strict.id,
        name: 'Anytime',
        type: '24_7',
        allGymsAccess: true,
      }),
      'VALIDATION',
      'type',
    )
  })

  it('saves bank accounts and unexpired cards, the first method becoming the default', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const member = await createTestMember({ db: t.db, organisationId: organisation.id, gymId })
    const base = { db: t.db, now, organisationId: organisation.id, userId: member.id }
    const bank = await addPaymentMethod({
      ...base,
      method: { type: 'bank_account', bankAccountNumber: '01-0902-0068389-00', name: 'Everyday' },
    })
    const card = await addPaymentMethod({
      ...base,
      method: { type: 'stripe_card', gymId, brand: 'visa', lastFour: '4242', expMonth: 3, expYear: 2026 },
    })
    expect(card.lastFour).toBe('4242')
    await expectAppError(
      addPaymentMethod({
        ...base,
        method: { type: 'bank_account', bankAccountNumber: '01-0902-0068390-00', name: 'Typo' },
      }),
      'VALIDATION',
      'method.bank_account_number',
      nzBankAccountMessages.checksum,
    )
    const [reloaded] = await t.db.select().from(users).where(eq(users.id, member.id))
    expect(reloaded?.defaultPaymentMethodId).toBe(bank.id)
    await expectAppError(
      addPaymentMethod({
        ...base,
        method: { type: 'stripe_card', gymId, brand: 'visa', lastFour: '4242', expMonth: 2, expYear: 2026 },
      }),
      'VALIDATION',
      'method.exp_year',
    )
  })

  it('anchors the current period on the start date and marks future starts and terms', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const monthly = await createTestPrice({
      db: t.db,
      organisationId: organisation.id,
      gymIds: [gymId],
      billingFrequency: 'monthly',
    })
    const base = { db: t.db, organisationId: organisation.id, gymId, priceId: monthly.price.id }
    // Monthly from 31 January: on 16 March the period runs from 28 February to 31 March.
    const onTheLast = await createTestMembership({ ...base, startDate: '2026-01-31' })
    expect(onTheLast.subscription).toMatchObject({
      currentPeriodStart: '2026-02-28',
      currentPeriodEnd: '2026-03-31',
      upcomingState: null,
      initialState: 'active',
    })
    const later = await createTestMembership({ ...base, startDate: '2026-04-02' })
    expect(later.subscription).toMatchObject({
      currentPeriodStart: '2026-04-02',
      currentPeriodEnd: '2026-05-02',
      upcomingState: 'upcoming',
    })
    await expectAppError(
      createSubscription({ ...base, userId: later.member.id, startDate: '2026-03-16', now }),
      'CONFLICT',
    )

    const term = await createTestPrice({
      db: t.db,
      organisationId: organisation.id,
      gymIds: [gymId],
      billingFrequency: 'monthly',
      termAmount: 12,
      termUnit: 'month',
    })
    const committed = await createTestMembership({ ...base, priceId: term.price.id, startDate: '2026-03-14' })
    expect(committed.subscription).toMatchObject({
      termEndsAt: '2027-03-14',
      coolingPeriodEndsAt: '2026-03-21',
    })

    const corporate = await createTestPrice({
      db: t.db,
      organisationId: organisation.id,
      gymIds: [gymId],
      private: true,
    })
    const member = await createTestMember({ db: t.db, organisationId: organisation.id, gymId })
    const privateBase = {
      ...base,
      priceId: corporate.price.id,
      userId: member.id,
      startDate: '2026-03-16',
      now,
    }
    await expectAppError(createSubscription(privateBase), 'VALIDATION', 'price_id')
    const link = await createPrivatePriceLink({
      db: t.db,
      now,
      organisationId: organisation.id,
      priceId: corporate.price.id,
    })
    expect(link.token.length).toBeGreaterThanOrEqual(32)
    const subscription = await createSubscription({ ...privateBase, privatePriceLinkId: link.id })
    expect(subscription.privatePriceLinkId).toBe(link.id)

    const elsewhere = await createTestOrganisation({ db: t.db })
    await expectAppError(
      createSubscription({
        ...privateBase,
        organisationId: elsewhere.organisation.id,
        privatePriceLinkId: link.id,
      }),
      'NOT_FOUND',
    )
  })

  it('pauses from today on and cancels at the end of the period', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const weekly = await createTestPrice({ db: t.db, organisationId: organisation.id, gymIds: [gymId] })
    const { subscription } = await createTestMembership({
      db: t.db,
      organisationId: organisation.id,
      gymId,
      priceId: weekly.price.id,
      startDate: '2026-03-02',
    })
    const base = { db: t.db, now, organisationId: organisation.id, subscriptionId: subscription.id }
    await expectAppError(
      pauseSubscription({ ...base, startDate: '2026-03-15', endDate: '2026-03-30' }),
      'VALIDATION',
      'start_date',
    )
    const paused = await pauseSubscription({ ...base, startDate: '2026-03-20', endDate: '2026-04-02' })
    expect(paused).toMatchObject({ pauseStartAt: '2026-03-20', pauseEndAt: '2026-04-02', version: 2 })
    expect(paused.pausedAt).toEqual(now)

    // The period the pause starts in is lengthened by its 14 days (periods.ts): it now ends 6 April.
    const cancelled = await cancelSubscription({ ...base, reasons: ['Moving away'] })
    expect(cancelled.currentPeriodEnd).toBe('2026-04-06')
    expect(cancelled.undoCancellationUntil).toEqual(instantAt('2026-04-06'))
    expect(cancelled.cancellationReasons).toEqual(['Moving away'])
    await expectAppError(cancelSubscription({ ...base }), 'CONFLICT')
  })

  it('records payments and keeps the balance owing and grace period in step with them', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const weekly = await createTestPrice({
      db: t.db,
      organisationId: organisation.id,
      gymIds: [gymId],
      amount: 2000,
    })
    const { subscription, paymentMethod } = await createTestMembership({
      db: t.db,
      organisationId: organisation.id,
      gymId,
      priceId: weekly.price.id,
      startDate: '2026-03-02',
    })
    const organisationId = organisation.id
    const period = (start: string, end: string) => ({
      subscriptionId: subscription.id,
      amount: 2000,
      periodStart: start,
      periodEnd: end,
    })
    await expectAppError(
      recordPayment({
        db: t.db,
        now,
        organisationId,
        ...period('2026-03-02', '2026-03-09'),
        dueOn: '2026-03-02',
        status: 'failed',
      }),
      'VALIDATION',
      'payments.0.error_status',
    )
    const elsewhere = await createTestOrganisation({ db: t.db })
    await expectAppError(
      recordPayment({
        db: t.db,
        now,
        organisationId: elsewhere.organisation.id,
        ...period('2026-03-02', '2026-03-09'),
        dueOn: '2026-03-02',
        status: 'sent',
      }),
      'NOT_FOUND',
    )

    const first = await recordPayment({
      db: t.db,
      now,
      organisationId,
      ...period('2026-03-02', '2026-03-09'),
      dueOn: '2026-03-02',
      status: 'sent',
      paidAt: instantAt('2026-03-03', '10:00'),
    })
    expect(first).toMatchObject({
      type: 'bank_account',
      paymentMethodId: paymentMethod.id,
      attempt: 1,
      status: 'sent',
    })
    expect(first.destinationAccountId).not.toBeNull()
    const failure = { status: 'failed' as const, errorStatus: 'INSUFFICIENT_FUNDS' }
    await recordPayments({
      db: t.db,
      now,
      organisationId,
      payments: [
        { ...period('2026-03-09', '2026-03-16'), dueOn: '2026-03-09', ...failure },
        // A failed retry replaces, not adds to, the period's debt.
        { ...period('2026-03-09', '2026-03-16'), dueOn: '2026-03-12', ...failure, isRetry: true },
        {
          ...period('2026-03-16', '2026-03-23'),
          dueOn: '2026-03-16',
          status: 'pending_request',
          pollCount: 2,
        },
      ],
    })
    expect(
      await recalculateBalanceOwing({ db: t.db, now, organisationId, subscriptionIds: [subscription.id] }),
    ).toEqual([
      {
        subscriptionId: subscription.id,
        balanceOwing: 2000,
        periodsOwing: 1,
        gracePeriodEndsAt: '2026-03-23',
      },
    ])

    await recordPayment({
      db: t.db,
      now,
      organisationId,
      ...period('2026-03-09', '2026-03-16'),
      dueOn: '2026-03-15',
      status: 'sent',
      isRetry: true,
    })
    await recalculateBalanceOwing({ db: t.db, now, organisationId, subscriptionIds: [subscription.id] })
    const [settled] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, subscription.id))
    expect(settled).toMatchObject({ balanceOwing: 0, periodsOwing: 0, gracePeriodEndsAt: null })
  })

  it('records visits only for the organisation’s own members and gyms, and never in the future', async () => {
    const { organisation, gyms } = await createTestOrganisation({ db: t.db })
    const gymId = gyms[0]?.id ?? 0
    const member = await createTestMember({ db: t.db, organisationId: organisation.id, gymId })
    const elsewhere = await createTestOrganisation({ db: t.db })
    const stranger = await createTestMember({
      db: t.db,
      organisationId: elsewhere.organisation.id,
      gymId: elsewhere.gyms[0]?.id ?? 0,
    })
    const visit = { userId: member.id, gymId, visitedAt: instantAt('2026-03-16', '06:15') }
    expect(
      await recordVisits({
        db: t.db,
        now,
        organisationId: organisation.id,
        visits: [visit, { ...visit, successful: false }],
      }),
    ).toBe(2)
    await expectAppError(
      recordVisits({
        db: t.db,
        now,
        organisationId: organisation.id,
        visits: [{ ...visit, visitedAt: instantAt('2026-03-16', '10:00') }],
      }),
      'VALIDATION',
      'visits.0.visited_at',
    )
    await expectAppError(
      recordVisits({
        db: t.db,
        now,
        organisationId: organisation.id,
        visits: [{ ...visit, userId: stranger.id }],
      }),
      'VALIDATION',
      'visits',
    )
  })
})
