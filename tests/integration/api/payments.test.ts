import { parse } from 'csv-parse/sync'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, it } from 'vitest'
import {
  amountRangeMessage,
  dueRangeMessage,
  type PaymentRow,
  paymentRowSchema,
  paymentTotalsSchema,
} from '~/contracts/payments'
import { auditLog, organisations, payments, users } from '~/db/schema'
import { z } from '~/lib/validation'
import { addDays } from '~/server/billing/calendar'
import { forEachPaymentBatch, type PaymentListRow } from '~/server/services/payments/find-payment-page.server'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readErrors, readEveryPage, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const today = '2026-05-20'
const now = new Date(`${today}T01:00:00Z`)

const pageSchema = z.object({
  data: z.array(paymentRowSchema),
  meta: z.object({ total: z.number(), last_page: z.number() }),
  totals: paymentTotalsSchema,
})

interface Made {
  id: number
  gymIndex: number
  member: string
  dueOn: string
  amount: number
  surcharge: number
  status: string
  type: 'bank_account' | 'stripe_card' | 'manual'
  isRetry: boolean
}

/**
 * The payments list (issue 16) over 36 payments of "Ledger Fitness" (gyms Newmarket and Ponsonby)
 * written straight in every status, type, amount and day, a withdrawn one that is never listed, and a
 * payment of another organisation.
 */
describeEachDatabase('payments list API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation
  const made: Made[] = []
  const testApi = () => createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, now, organisation: () => org })

  const listAll = async (browser: TestBrowser, query = '') => {
    const { rows, last } = await readEveryPage(
      browser,
      (page) => `/payments?per_page=10&page=${page}${query}`,
      pageSchema,
    )
    return { rows, total: last.meta.total, totals: last.totals }
  }
  const expectRows = (rows: PaymentRow[], expected: Made[]) =>
    expect(rows.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      expected.map((payment) => payment.id).sort((a, b) => a - b),
    )
  const statusKind = (status: string) =>
    status === 'sent'
      ? 'sent'
      : status === 'upcoming'
        ? 'upcoming'
        : status === 'pending_request'
          ? 'pending'
          : 'failed'

  beforeAll(async () => {
    const { db } = database
    org = await createTestOrganisation({ db, name: 'Ledger Fitness', gymNames: ['Newmarket', 'Ponsonby'] })
    other = await createTestOrganisation({ db, name: 'Elsewhere Gym', gymNames: ['Elsewhere'] })
    const gymIds = org.gyms.map((gym) => gym.id)
    const { price } = await createTestPrice({ db, organisationId: org.organisation.id, gymIds, now })
    const statuses = ['sent', 'sent', 'upcoming', 'pending_request', 'failed', 'sent'] as const
    const types = ['bank_account', 'stripe_card', 'manual'] as const
    const errors: Array<[string, string | null]> = [
      ['insufficient_funds', null],
      ['lost_card', 'Your card was declined.'],
      ['something_new', null],
    ]
    for (let index = 0; index < 6; index += 1) {
      const gymIndex = index % 2
      const { member, subscription } = await createTestMembership({
        db,
        organisationId: org.organisation.id,
        gymId: gymIds[gymIndex]!,
        priceId: price.id,
        startDate: addDays(today, -60),
        now,
        seed: `ledger-${index}`,
      })
      const name = index === 5 ? '=HYPERLINK("http://evil")' : `Ledger Member ${index}`
      await db.update(users).set({ name }).where(eq(users.id, member.id))
      await db.delete(payments).where(eq(payments.subscriptionId, subscription.id))
      for (let week = 0; week < 6; week += 1) {
        const status = statuses[(index + week) % statuses.length]!
        const type = types[(index + week) % types.length]!
        const [error, description] = errors[index % errors.length]!
        const values = {
          organisationId: org.organisation.id,
          subscriptionId: subscription.id,
          userId: member.id,
          gymId: gymIds[gymIndex]!,
          amount: 1000 + 500 * ((index * 6 + week) % 7),
          surcharge: type === 'stripe_card' ? 45 : 0,
          dueOn: addDays(today, 7 - 7 * week - index),
          status,
          type,
          isRetry: week === 2 && status === 'failed',
          errorStatus: status === 'failed' ? error : null,
          errorDescription: status === 'failed' ? description : null,
        }
        const [row] = await db.insert(payments).values(values).returning({ id: payments.id })
        made.push({
          id: row!.id,
          gymIndex,
          member: name,
          dueOn: values.dueOn,
          amount: values.amount,
          surcharge: values.surcharge,
          status,
          type,
          isRetry: values.isRetry,
        })
      }
      // Withdrawn (the membership ended before it): never owed, never listed.
      await db.insert(payments).values({
        organisationId: org.organisation.id,
        subscriptionId: subscription.id,
        userId: member.id,
        gymId: gymIds[gymIndex]!,
        amount: 99_900,
        dueOn: addDays(today, 14),
        status: 'cancelled',
        type: 'bank_account',
      })
    }
    const elsewhere = await createTestPrice({
      db,
      organisationId: other.organisation.id,
      gymIds: [other.gyms[0]!.id],
      now,
    })
    await createTestMembership({
      db,
      organisationId: other.organisation.id,
      gymId: other.gyms[0]!.id,
      priceId: elsewhere.price.id,
      startDate: today,
      now,
      seed: 'elsewhere',
    })
  })

  it('lists every payment of the organisation to its admin, newest due first, with the totals of the set', async () => {
    const owner = await signIn({ admin: true })
    const { rows, total, totals } = await listAll(owner)
    expect(total).toBe(made.length)
    expectRows(rows, made)
    const dues = rows.map((row) => `${row.due_on}#${String(1e9 - row.id).padStart(10, '0')}`)
    expect(dues).toEqual([...dues].sort().reverse())
    const sum = (status: (kind: string) => boolean) =>
      made.filter((p) => status(statusKind(p.status))).reduce((cents, p) => cents + p.amount + p.surcharge, 0)
    expect(totals).toEqual({
      count: made.length,
      collected: sum((kind) => kind === 'sent'),
      upcoming: sum((kind) => kind === 'upcoming'),
      pending: sum((kind) => kind === 'pending'),
      failed: sum((kind) => kind === 'failed'),
    })
    // Why it failed, in words.
    const reasons = new Set(
      rows.filter((row) => row.status_kind === 'failed').map((row) => row.failure_reason),
    )
    expect(reasons).toEqual(new Set(['Insufficient funds', 'Card reported lost', 'Something new']))
    expect(
      rows.filter((row) => row.status_kind !== 'failed').every((row) => row.failure_reason === null),
    ).toBe(true)
  })

  it('filters by status, type, gym, due days, retries, amount and member, each in SQL', async () => {
    const owner = await signIn({ admin: true })
    for (const status of ['sent', 'upcoming', 'pending', 'failed'] as const) {
      expectRows(
        (await listAll(owner, `&status=${status}`)).rows,
        made.filter((p) => statusKind(p.status) === status),
      )
    }
    const typeOf = { bank: 'bank_account', card: 'stripe_card', manual: 'manual' } as const
    for (const type of ['bank', 'card', 'manual'] as const) {
      expectRows(
        (await listAll(owner, `&type=${type}`)).rows,
        made.filter((p) => p.type === typeOf[type]),
      )
    }
    expectRows(
      (await listAll(owner, `&gym_id=${org.gyms[1]!.id}`)).rows,
      made.filter((p) => p.gymIndex === 1),
    )
    const from = addDays(today, -14)
    const to = addDays(today, -3)
    expectRows(
      (await listAll(owner, `&due_from=${from}&due_to=${to}`)).rows,
      made.filter((p) => p.dueOn >= from && p.dueOn <= to),
    )
    expectRows(
      (await listAll(owner, '&retries=true')).rows,
      made.filter((p) => p.isRetry),
    )
    expectRows(
      (await listAll(owner, '&amount_min=2000&amount_max=3000')).rows,
      made.filter((p) => p.amount >= 2000 && p.amount <= 3000),
    )
    expectRows(
      (await listAll(owner, '&search=member%203')).rows,
      made.filter((p) => p.member === 'Ledger Member 3'),
    )
    expect((await listAll(owner, '&search=%25')).total).toBe(0)
    // Together, and sorted by amount, largest first.
    const both = await listAll(owner, '&status=sent&type=card&sort=-amount')
    expectRows(
      both.rows,
      made.filter((p) => p.status === 'sent' && p.type === 'stripe_card'),
    )
    const amounts = both.rows.map((row) => row.amount)
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a))
  })

  it('answers an amount range’s totals alone and with each other filter (amount, day or member totals, or the rows)', async () => {
    const owner = await signIn({ admin: true })
    const totalsOf = (expected: Made[]) => {
      const sum = (kind: string[]) =>
        expected
          .filter((p) => kind.includes(statusKind(p.status)))
          .reduce((cents, p) => cents + p.amount + p.surcharge, 0)
      return {
        count: expected.length,
        collected: sum(['sent']),
        upcoming: sum(['upcoming']),
        pending: sum(['pending']),
        failed: sum(['failed']),
      }
    }
    const inRange = made.filter((p) => p.amount >= 2000 && p.amount <= 3000)
    const cases: Array<[string, Made[]]> = [
      ['&amount_min=2000&amount_max=3000', inRange],
      ['&amount_min=3500', made.filter((p) => p.amount >= 3500)],
      ['&amount_max=1500', made.filter((p) => p.amount <= 1500)],
      [
        '&amount_min=2000&amount_max=3000&status=failed',
        inRange.filter((p) => statusKind(p.status) === 'failed'),
      ],
      ['&amount_min=2000&amount_max=3000&type=card', inRange.filter((p) => p.type === 'stripe_card')],
      [`&amount_min=2000&amount_max=3000&gym_id=${org.gyms[1]!.id}`, inRange.filter((p) => p.gymIndex === 1)],
      ['&amount_min=2000&amount_max=3000&retries=true', inRange.filter((p) => p.isRetry)],
      [
        `&amount_min=2000&amount_max=3000&due_from=${addDays(today, -14)}`,
        inRange.filter((p) => p.dueOn >= addDays(today, -14)),
      ],
      [
        '&amount_min=2000&amount_max=3000&search=member%203',
        inRange.filter((p) => p.member === 'Ledger Member 3'),
      ],
      ['&amount_min=90000', []],
    ]
    for (const [query, expected] of cases) {
      const { rows, total, totals } = await listAll(owner, query)
      expectRows(rows, expected)
      expect(total, query).toBe(expected.length)
      expect(totals, query).toEqual(totalsOf(expected))
    }
    // Few payments match, so each page is read through the amount index and sorted: in every sort, the
    // pages follow the export's order (which walks the sort's index).
    for (const sort of ['-due_on', 'due_on', '-amount', 'amount', 'member', '-member'] as const) {
      const exported: number[] = []
      await forEachPaymentBatch(
        {
          db: database.db,
          organisationId: org.organisation.id,
          scope: { gymIds: org.gyms.map((gym) => gym.id), wholeOrganisation: true },
          filters: { sort, amount_min: 2000, amount_max: 3000 },
          snapshot: false,
        },
        async (rows) => {
          exported.push(...rows.map((row) => row.payment.id))
        },
      )
      const listed = await listAll(owner, `&amount_min=2000&amount_max=3000&sort=${sort}`)
      expect(
        listed.rows.map((row) => row.id),
        sort,
      ).toEqual(exported)
      expect(exported.length).toBe(inRange.length)
    }
  })

  it('shows a gym admin their gyms’ payments only, refuses trainers, and hides other organisations', async () => {
    const ponsonby = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
    expectRows(
      (await listAll(ponsonby)).rows,
      made.filter((p) => p.gymIndex === 1),
    )
    expect(await readMessage(await ponsonby.get(`/payments?gym_id=${org.gyms[0]!.id}`), 404)).toBe(
      'Gym not found.',
    )

    // An admin at one gym who trains at the other sees the money of the gym they run only.
    const mixed = await signIn({
      gyms: [
        { index: 0, role: 'personal_trainer' },
        { index: 1, role: 'admin' },
      ],
    })
    expectRows(
      (await listAll(mixed)).rows,
      made.filter((p) => p.gymIndex === 1),
    )
    expect((await mixed.get(`/payments?gym_id=${org.gyms[0]!.id}`)).status).toBe(403)

    const trainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
    expect((await trainer.get('/payments')).status).toBe(403)
    expect((await trainer.post('/payments/export', {})).status).toBe(403)

    const elsewhere = await signIn({ org: other, admin: true })
    const theirs = await listAll(elsewhere)
    expect(theirs.rows.some((row) => made.some((p) => p.id === row.id))).toBe(false)
    expect((await elsewhere.get(`/payments?gym_id=${org.gyms[0]!.id}`)).status).toBe(404)
    expect((await testApi().browser().get('/payments')).status).toBe(401)
  })

  it('refuses filters that contradict themselves or make no sense, in words', async () => {
    const owner = await signIn({ admin: true })
    expect(
      (await readErrors(await owner.get(`/payments?due_from=${today}&due_to=2026-01-01`))).due_to,
    ).toEqual([dueRangeMessage])
    expect(
      (await readErrors(await owner.get('/payments?amount_min=5000&amount_max=100'))).amount_max,
    ).toEqual([amountRangeMessage])
    for (const query of [
      'status=bogus',
      'amount_min=-1',
      'amount_min=1.5',
      'gym_id=99999999999',
      'due_from=2026-02-30',
    ]) {
      const response = await owner.get(`/payments?${query}`)
      expect(response.status, query).toBe(422)
    }
  })

  it('exports exactly the filtered list, formulas neutralised, and records who exported it', async () => {
    const owner = await signIn({ admin: true })
    const filtered = await listAll(owner, '&status=sent')
    const response = await owner.post('/payments/export', { status: 'sent' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payments-all-gyms-2026-05-20\.csv"$/,
    )
    const text = (await response.text()).replace(/^\uFEFF/, '')
    const lines = text.trimEnd().split('\n')
    expect(lines[0]).toContain('Due,Due (ISO),Paid,Paid (ISO),Member,Gym,Amount,Surcharge,GST,Type,Status')
    expect(lines).toHaveLength(filtered.total + 1)
    expect(text).toContain(`'=HYPERLINK`)
    expect(text).not.toMatch(/(^|,)"?=HYPERLINK/m)
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payments.exported'))
    expect(audit?.changes).toMatchObject({ filters: { status: 'sent' } })
  })

  it('exports the GST of what each payment took: 3/23 of the charge, in whole cents, when GST-registered', async () => {
    const owner = await signIn({ admin: true })
    const listed = await listAll(owner, '&sort=due_on')
    const exportRecords = async () => {
      const answer = await owner.post('/payments/export', { sort: 'due_on' })
      expect(answer.status).toBe(200)
      return parse((await answer.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<
        Record<string, string>
      >
    }
    // Not registered for GST: its receipts state none, and neither does the export.
    expect((await exportRecords()).every((record) => record.GST === '')).toBe(true)
    await database.db
      .update(organisations)
      .set({ gstNumber: '049-091-850' })
      .where(eq(organisations.id, org.organisation.id))
    const response = await owner.post('/payments/export', { sort: 'due_on' })
    expect(response.status).toBe(200)
    const records = parse((await response.text()).replace(/^\uFEFF/, ''), { columns: true }) as Array<
      Record<string, string>
    >
    expect(Object.keys(records[0] ?? {})).toEqual([
      'Due',
      'Due (ISO)',
      'Paid',
      'Paid (ISO)',
      'Member',
      'Gym',
      'Amount',
      'Surcharge',
      'GST',
      'Type',
      'Status',
      'Reason',
      'Period from (ISO)',
      'Period to (ISO)',
      'Retry',
      'Pro rata',
    ])
    expect(records).toHaveLength(listed.total)
    const cents = (dollars: string | undefined) => Math.round(Number(dollars) * 100)
    let gstSum = 0
    for (const [index, row] of listed.rows.entries()) {
      const record = records[index]!
      expect(cents(record.Amount)).toBe(row.amount)
      expect(cents(record.Surcharge)).toBe(row.surcharge)
      const took = row.status_kind === 'success' || row.status_kind === 'pending'
      if (!took) {
        expect(record.GST, `${row.status_kind} took nothing`).toBe('')
        continue
      }
      // 3/23 of whole cents is never exactly half a cent, so the nearest cent is the half-up one.
      const charged = row.amount + row.surcharge - row.credit_used
      expect(cents(record.GST), `${row.amount} + ${row.surcharge}`).toBe(Math.round((charged * 3) / 23))
      gstSum += cents(record.GST)
    }
    // Seen in figures: $25.45 by card holds $3.32 GST, $25.00 by bank $3.26.
    const paid = records.filter((record) => record.GST !== '')
    const card = paid.find((record) => record.Amount === '25.00' && record.Surcharge === '0.45')
    expect(card?.GST).toBe('3.32')
    const bank = paid.find((record) => record.Amount === '25.00' && record.Surcharge === '0.00')
    expect(bank?.GST).toBe('3.26')
    // Summed, the paid rows' GST is 3/23 of what they took to within half a cent a row.
    const total = listed.rows
      .filter((row) => row.status_kind === 'success' || row.status_kind === 'pending')
      .reduce((sum, row) => sum + row.amount + row.surcharge - row.credit_used, 0)
    expect(Math.abs(gstSum - (total * 3) / 23)).toBeLessThanOrEqual(records.length / 2)
  })

  it('reads an export in keyset batches that neither skip nor repeat a payment, in every sort', async () => {
    for (const sort of ['-due_on', 'due_on', '-amount', 'amount', 'member', '-member'] as const) {
      const seen: PaymentListRow[] = []
      await forEachPaymentBatch(
        {
          db: database.db,
          organisationId: org.organisation.id,
          scope: { gymIds: org.gyms.map((gym) => gym.id), wholeOrganisation: true },
          filters: { sort },
          batchSize: 4,
          snapshot: false,
        },
        async (rows) => {
          seen.push(...rows)
        },
      )
      expect(
        seen.map((row) => row.payment.id).sort((a, b) => a - b),
        sort,
      ).toEqual(made.map((p) => p.id).sort((a, b) => a - b))
    }
  })
})
