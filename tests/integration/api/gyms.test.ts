import { and, desc, eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { joinGymSchema } from '~/contracts/auth'
import { chooseLogoMessage, gymContactMessages, gymSchema, logoCollectionMessage } from '~/contracts/gyms'
import { auditLog, mailOutbox, users } from '~/db/schema'
import { checkNzBankAccount, maskNzBankAccount } from '~/lib/nz-bank-account'
import { z } from '~/lib/validation'
import { logoMessages } from '~/server/services/images/prepare-image.server'
import { testBankAccountNumber } from '../../factories/bank-account'
import { createTestMembership, createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors, readMessage } from '../support/answers'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { staffSignIn, type TestBrowser } from '../support/sign-in'

const now = new Date('2026-05-20T01:00:00Z')

/** The organisation's gyms (issue 17): counts, the caller's role, payments set-up, and who may see them. */
describeEachDatabase('gyms API', (database) => {
  const api = createTestApi(database, { now: () => now })
  const signIn = staffSignIn({ database, api, now, organisation: () => org })
  let org: TestOrganisation
  let other: TestOrganisation
  let owner: TestBrowser

  beforeAll(async () => {
    const db = database.db
    // Albany has no card account yet (the factory connects the others' through the sandbox onboarding).
    org = await createTestOrganisation({
      db,
      now,
      name: 'Gym Count Fitness',
      gymNames: ['Albany', 'Botany'],
      gymsWithoutCards: ['Albany'],
    })
    other = await createTestOrganisation({ db, now, gymNames: ['Elsewhere'] })
    const { price } = await createTestPrice({
      db,
      organisationId: org.organisation.id,
      gymIds: org.gyms.map((gym) => gym.id),
      now,
    })
    for (let index = 0; index < 3; index += 1) {
      await createTestMembership({
        db,
        organisationId: org.organisation.id,
        gymId: org.gyms[0]!.id,
        priceId: price.id,
        now,
        seed: `gym-count-${index}`,
      })
    }
    await createTestMembership({
      db,
      organisationId: org.organisation.id,
      gymId: org.gyms[1]!.id,
      priceId: price.id,
      now,
      seed: 'gym-count-b',
    })
    // The owner also trains at Botany: their role there is shown, Albany's is "--".
    owner = await signIn({ admin: true, gyms: [{ index: 1, role: 'personal_trainer' }] })
    await signIn({ gyms: [{ index: 0, role: 'admin' }] })
  })

  it('lists every gym with its members, staff, the caller’s role and the masked bank account', async () => {
    const gyms = await readData(await owner.get('/gyms'), z.array(gymSchema))
    expect(gyms.map((gym) => gym.name)).toEqual(['Albany', 'Botany'])
    const [albany, botany] = gyms
    expect(albany).toMatchObject({
      members_count: 3,
      staff_count: 1,
      role: null,
      card_payments: { connected: false },
    })
    expect(botany).toMatchObject({ members_count: 1, staff_count: 1, role: 'personal_trainer' })
    expect(albany?.destination_account?.bank_account_number).toMatch(/•/)
    expect(JSON.stringify(gyms)).not.toContain(org.destinationAccounts[0]!.bankAccountNumber)
    const one = await readData(await owner.get(`/gyms/${albany?.id}`), gymSchema)
    expect(one).toEqual(albany)
    // Which provider each concern goes through, and whether live (issue 26): no keys set here, the sandboxes.
    expect(one.providers).toEqual({
      cards: { provider: 'sandbox', mode: 'test' },
      bank: { provider: 'sandbox', mode: 'test' },
      doors: { provider: 'sandbox', mode: 'test' },
    })
  })

  it('is for organisation admins: gym staff are refused, other gyms and organisations are unknown', async () => {
    const gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    expect(await readMessage(await gymAdmin.get('/gyms'), 403)).toBe('This action is unauthorized.')
    expect((await gymAdmin.get(`/gyms/${org.gyms[0]!.id}`)).status).toBe(403)
    expect((await gymAdmin.get(`/gyms/${org.gyms[1]!.id}`)).status).toBe(404)
    const stranger = await signIn({ org: other, admin: true })
    expect((await stranger.get(`/gyms/${org.gyms[0]!.id}`)).status).toBe(404)
    expect((await readData(await stranger.get('/gyms'), z.array(gymSchema))).map((gym) => gym.name)).toEqual([
      'Elsewhere',
    ])
    expect((await owner.get('/gyms/2147483648')).status).toBe(404)
    expect((await api.browser().get('/gyms')).status).toBe(401)
  })

  it('changes the destination account: the repeat must match, the checksum must pass, the change is audited masked', async () => {
    const gym = org.gyms[0]!
    const account = org.destinationAccounts[0]!
    const path = `/gyms/${gym.id}/destination-accounts/${account.id}`
    const good = testBankAccountNumber({ index: 3, suffix: '00' })
    expect(
      await readErrors(
        await owner.request('PUT', path, {
          body: { name: 'Main', bank_account_number: good, bank_account_number_confirmation: `${good}1` },
        }),
      ),
    ).toEqual({ bank_account_number_confirmation: ['The value must be equal to the other value'] })
    // The same shape with the base changed until the check digits fail (about 10 in 11 do).
    let bad = good
    for (let step = 1; checkNzBankAccount({ value: bad }).valid; step += 1) {
      bad = good.replace(
        /^12-3140-(\d{7})/,
        (_, base: string) => `12-3140-${String(Number(base) + step).padStart(7, '0')}`,
      )
    }
    const refused = await readErrors(
      await owner.request('PUT', path, {
        body: { name: 'Main', bank_account_number: bad, bank_account_number_confirmation: bad },
      }),
    )
    expect(refused.bank_account_number?.[0]).toMatch(/[A-Z]/)
    const saved = await owner.request('PUT', path, {
      body: { name: 'Main account', bank_account_number: good, bank_account_number_confirmation: good },
    })
    expect(saved.status).toBe(200)
    const answer = z
      .object({ data: gymSchema, bank_payers: z.number(), message: z.string() })
      .parse(await saved.json())
    expect(answer.data.destination_account?.name).toBe('Main account')
    expect(answer.data.destination_account?.bank_account_number).toBe(maskNzBankAccount(good))
    expect(answer.bank_payers).toBeGreaterThanOrEqual(0)
    const [line] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'gym.destination_account_changed'))
    expect(JSON.stringify(line?.changes)).not.toContain(good)
    expect(line?.changes).toMatchObject({ bank_account_number: { to: maskNzBankAccount(good) } })
    // Only organisation admins; another organisation's gym is unknown.
    const gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    const body = { name: 'X', bank_account_number: good, bank_account_number_confirmation: good }
    expect((await gymAdmin.request('PUT', path, { body })).status).toBe(403)
    const stranger = await signIn({ org: other, admin: true })
    expect((await stranger.request('PUT', path, { body })).status).toBe(404)
    expect(
      (
        await owner.request(
          'PUT',
          `/gyms/$other.gyms[0]!.id/destination-accounts/$other.destinationAccounts[0]!.id`,
          { body },
        )
      ).status,
    ).toBe(404)
  })

  it('adds a gym with its bank account in one go, in words when something is wrong', async () => {
    const good = testBankAccountNumber({ index: 11, suffix: '00' })
    const account = {
      name: 'Eden account',
      bank_account_number: good,
      bank_account_number_confirmation: good,
    }
    expect(
      await readErrors(
        await owner.post('/gyms', {
          name: 'Eden',
          destination_account: { ...account, bank_account_number_confirmation: `${good}9` },
        }),
      ),
    ).toEqual({
      'destination_account.bank_account_number_confirmation': ['The value must be equal to the other value'],
    })
    let bad = good
    for (let step = 1; checkNzBankAccount({ value: bad }).valid; step += 1) {
      bad = good.replace(
        /^12-3140-(\d{7})/,
        (_, base: string) => `12-3140-${String(Number(base) + step).padStart(7, '0')}`,
      )
    }
    const refused = await readErrors(
      await owner.post('/gyms', {
        name: 'Eden',
        destination_account: { ...account, bank_account_number: bad, bank_account_number_confirmation: bad },
      }),
    )
    expect(Object.keys(refused)).toEqual(['destination_account.bank_account_number'])
    // Nothing was left half made.
    expect(
      (await readData(await owner.get('/gyms'), z.array(gymSchema))).map((gym) => gym.name),
    ).not.toContain('Eden')

    const created = await readData(
      await owner.post('/gyms', { name: 'Eden', destination_account: account }),
      gymSchema,
    )
    expect(created).toMatchObject({ name: 'Eden', members_count: 0, staff_count: 0 })
    expect(created.destination_account?.bank_account_number).toBe(maskNzBankAccount(good))
    expect(
      await readErrors(await owner.post('/gyms', { name: 'eden', destination_account: account })),
    ).toEqual({
      name: ['A gym with this name already exists.'],
    })
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'gym.created'))
    expect(line?.subjectId).toBe(created.id)
    const gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    expect((await gymAdmin.post('/gyms', { name: 'Sneaky', destination_account: account })).status).toBe(403)
    // A single-gym organisation has its gym.
    const single = await createTestOrganisation({ db: database.db, now, gymNames: ['Only'] })
    const singleOwner = await signIn({ org: single, admin: true })
    expect(
      await readMessage(
        await singleOwner.post('/gyms', { name: 'Second', destination_account: account }),
        409,
      ),
    ).toMatch(/single-gym organisation/)
  })

  const logoForm = (bytes: Uint8Array<ArrayBuffer>, options: { name?: string; collection?: string } = {}) => {
    const form = new FormData()
    if (options.collection !== '') form.set('collection', options.collection ?? 'logo')
    form.set('file', new File([bytes], options.name ?? 'logo.png', { type: 'image/png' }))
    return form
  }
  const pngLogo = (width = 800, height = 400) =>
    sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } })
      .png()
      .toBuffer()
      .then((buffer) => new Uint8Array(buffer))

  it('keeps a gym’s logo re-encoded as WebP, shows it in the console and on the join site', async () => {
    const gym = org.gyms[1]!
    const path = `/gyms/${gym.id}/logo`
    const before = await readData(await owner.get(`/gyms/${gym.id}`), gymSchema)
    expect(before.logo).toBeNull()
    const saved = await readData(
      await owner.request('POST', path, { rawBody: logoForm(await pngLogo()) }),
      gymSchema,
    )
    expect(saved.logo).toMatch(new RegExp(`^/api/gym-logos/${gym.uuid}\\?v=[0-9a-f-]{36}$`))
    // Public, for the join site's gym picker, and re-encoded: WebP, at most 512 px, no metadata.
    const shown = await api.browser().get(saved.logo!.replace(/^\/api/, ''))
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(new Uint8Array(await shown.arrayBuffer())).metadata()).toMatchObject({
      format: 'webp',
      width: 512,
      height: 256,
    })
    const joinGyms = z
      .array(joinGymSchema)
      .parse(((await (await api.browser().get('/join/gyms')).json()) as { data: unknown }).data)
    expect(joinGyms.find((one) => one.uuid === gym.uuid)?.logo).toBe(saved.logo)
    // A new logo is a new address; the old file is gone.
    const again = await readData(
      await owner.request('POST', path, { rawBody: logoForm(await pngLogo(300, 300)) }),
      gymSchema,
    )
    expect(again.logo).not.toBe(saved.logo)
    const keyOf = (url: string | null) =>
      `gym-logos/${new URL(url ?? '', 'http://x').searchParams.get('v')}.webp`
    expect(await api.storage.get(keyOf(saved.logo))).toBeUndefined()
    expect(await api.storage.get(keyOf(again.logo))).toBeDefined()
    const [line] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'gym.logo_changed'))
    expect(line).toMatchObject({ subjectType: 'gym', subjectId: gym.id })
    expect((await api.browser().get(`/gym-logos/${org.gyms[0]!.uuid}`)).status).toBe(404)
  })

  it('refuses a logo that is not a usable image, in words, and keeps the old one', async () => {
    const gym = org.gyms[0]!
    const path = `/gyms/${gym.id}/logo`
    const send = (form: FormData) => owner.request('POST', path, { rawBody: form })
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
    expect(await readErrors(await send(logoForm(pdf, { name: 'logo.png' })))).toEqual({
      file: [logoMessages.notAnImage],
    })
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>')
    expect(await readErrors(await send(logoForm(svg, { name: 'logo.svg' })))).toEqual({
      file: [logoMessages.notAnImage],
    })
    expect(await readErrors(await send(logoForm(new Uint8Array())))).toEqual({ file: [logoMessages.empty] })
    expect(await readErrors(await send(logoForm(new Uint8Array(6 * 1024 * 1024))))).toEqual({
      file: [logoMessages.tooLarge],
    })
    expect(await readErrors(await send(logoForm(await pngLogo(40, 40))))).toEqual({
      file: [logoMessages.tooSmall],
    })
    expect(await readErrors(await send(logoForm(await pngLogo(), { collection: 'avatar' })))).toEqual({
      collection: [logoCollectionMessage],
    })
    expect(await readErrors(await send(logoForm(await pngLogo(), { collection: '' })))).toEqual({
      collection: [logoCollectionMessage],
    })
    const noFile = new FormData()
    noFile.set('collection', 'logo')
    expect(await readErrors(await send(noFile))).toEqual({ file: [chooseLogoMessage] })
    // JSON is not a file upload.
    const json = await owner.post(path, { collection: 'logo', file: 'not a file' })
    expect(json.status).toBe(415)
    expect((await readData(await owner.get(`/gyms/${gym.id}`), gymSchema)).logo).toBeNull()
  })

  it('lets only organisation admins set a logo; another organisation’s gym is unknown', async () => {
    const form = async () => logoForm(await pngLogo())
    const gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    expect(
      (await gymAdmin.request('POST', `/gyms/${org.gyms[0]!.id}/logo`, { rawBody: await form() })).status,
    ).toBe(403)
    expect(
      (await gymAdmin.request('POST', `/gyms/${org.gyms[1]!.id}/logo`, { rawBody: await form() })).status,
    ).toBe(404)
    expect(
      (await owner.request('POST', `/gyms/${other.gyms[0]!.id}/logo`, { rawBody: await form() })).status,
    ).toBe(404)
    expect(
      (await api.browser().request('POST', `/gyms/${org.gyms[0]!.id}/logo`, { rawBody: await form() }))
        .status,
    ).toBe(401)
  })

  it('saves how members reach a gym, trimmed, audited before and after; empty or null clears it', async () => {
    const gym = org.gyms[1]!
    const path = `/gyms/${gym.id}/contact`
    const contactLines = () =>
      database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'gym.contact_changed'), eq(auditLog.subjectId, gym.id)))
        .orderBy(auditLog.id)
    expect((await readData(await owner.get(`/gyms/${gym.id}`), gymSchema)).contact).toEqual({
      email: null,
      phone: null,
      address: null,
    })
    const saved = await readData(
      await owner.request('PUT', path, {
        body: {
          email: ' botany@gymcount.co.nz ',
          phone: '+64 (9) 274-1100',
          address: '  500 Ti Rakau Drive, Botany, Auckland 2013 ',
        },
      }),
      gymSchema,
    )
    const contact = {
      email: 'botany@gymcount.co.nz',
      phone: '+64 (9) 274-1100',
      address: '500 Ti Rakau Drive, Botany, Auckland 2013',
    }
    expect(saved.contact).toEqual(contact)
    expect((await readData(await owner.get(`/gyms/${gym.id}`), gymSchema)).contact).toEqual(contact)
    const [line] = await contactLines()
    expect(line).toMatchObject({
      subjectType: 'gym',
      organisationId: org.organisation.id,
      changes: {
        email: { from: null, to: contact.email },
        phone: { from: null, to: contact.phone },
        address: { from: null, to: contact.address },
      },
    })
    expect(line?.actorUserId).toBeTypeOf('number')

    // The same again changes nothing and writes no line.
    await readData(await owner.request('PUT', path, { body: contact }), gymSchema)
    expect(await contactLines()).toHaveLength(1)

    // Empty and null both clear; the line names only what changed.
    const cleared = await readData(
      await owner.request('PUT', path, { body: { email: '', phone: '   ', address: null } }),
      gymSchema,
    )
    expect(cleared.contact).toEqual({ email: null, phone: null, address: null })
    const lines = await contactLines()
    expect(lines).toHaveLength(2)
    expect(lines[1]?.changes).toEqual({
      email: { from: contact.email, to: null },
      phone: { from: contact.phone, to: null },
      address: { from: contact.address, to: null },
    })
    const phoneOnly = await readData(
      await owner.request('PUT', path, { body: { email: '', phone: '09 274 1100', address: '' } }),
      gymSchema,
    )
    expect(phoneOnly.contact).toEqual({ email: null, phone: '09 274 1100', address: null })
    expect((await contactLines())[2]?.changes).toEqual({ phone: { from: null, to: '09 274 1100' } })
  })

  it('refuses a contact members could not use, in plain words, and keeps the one saved', async () => {
    const gym = org.gyms[1]!
    const path = `/gyms/${gym.id}/contact`
    const good = { email: 'botany@gymcount.co.nz', phone: '09 274 1100', address: '500 Ti Rakau Drive' }
    await readData(await owner.request('PUT', path, { body: good }), gymSchema)
    const refused = async (body: Record<string, unknown>) =>
      readErrors(await owner.request('PUT', path, { body: { ...good, ...body } }))
    expect(await refused({ email: 'botany at gymcount' })).toEqual({ email: [gymContactMessages.email] })
    expect(await refused({ email: 'botany@' })).toEqual({ email: [gymContactMessages.email] })
    expect(await refused({ phone: 'ring us' })).toEqual({ phone: [gymContactMessages.phone] })
    expect(await refused({ phone: '+()-' })).toEqual({ phone: [gymContactMessages.phone] })
    expect(await refused({ phone: '0'.repeat(31) })).toEqual({ phone: [gymContactMessages.phone] })
    expect(await refused({ address: 'x'.repeat(301) })).toEqual({ address: [gymContactMessages.address] })
    expect(gymContactMessages.email).toBe(
      'Enter an e-mail address like hello@yourgym.co.nz, or leave it empty.',
    )
    // Up to the limits is fine.
    const longest = { ...good, phone: `+${'1'.repeat(29)}`, address: 'x'.repeat(300) }
    expect((await readData(await owner.request('PUT', path, { body: longest }), gymSchema)).contact).toEqual(
      longest,
    )
    await readData(await owner.request('PUT', path, { body: good }), gymSchema)
    expect(await refused({ email: 'nope', phone: '' })).toEqual({ email: [gymContactMessages.email] })
    // Nothing of a refused body is kept, not even its valid parts.
    expect((await readData(await owner.get(`/gyms/${gym.id}`), gymSchema)).contact).toEqual(good)
  })

  it('lets only organisation admins set the contact; another organisation’s gym is unknown before the body is read', async () => {
    const body = { email: 'sneaky@example.com', phone: '', address: '' }
    const gymAdmin = await signIn({ gyms: [{ index: 0, role: 'admin' }] })
    expect(
      await readMessage(await gymAdmin.request('PUT', `/gyms/${org.gyms[0]!.id}/contact`, { body }), 403),
    ).toBe('This action is unauthorized.')
    expect((await gymAdmin.request('PUT', `/gyms/${org.gyms[1]!.id}/contact`, { body })).status).toBe(404)
    const stranger = await signIn({ org: other, admin: true })
    const theirs = `/gyms/${org.gyms[0]!.id}/contact`
    expect(await readMessage(await stranger.request('PUT', theirs, { body }), 404)).toBe(
      await readMessage(await stranger.request('PUT', '/gyms/2147483647/contact', { body }), 404),
    )
    // A body that would be refused changes nothing: the gym is unknown first.
    expect((await stranger.request('PUT', theirs, { body: { email: 'not an address' } })).status).toBe(404)
    expect((await owner.request('PUT', `/gyms/${other.gyms[0]!.id}/contact`, { body })).status).toBe(404)
    expect((await api.browser().request('PUT', theirs, { body })).status).toBe(401)
    const albany = await readData(await owner.get(`/gyms/${org.gyms[0]!.id}`), gymSchema)
    expect(albany.contact.email).toBeNull()
  })

  it('tells each member paying by bank when the account number changes, in the same transaction', async () => {
    const db = database.db
    const club = await createTestOrganisation({
      db,
      now,
      name: 'Payee Change Club',
      gymNames: ['Kingsland', 'Mt Eden'],
    })
    const [kingsland, eden] = club.gyms
    const { price } = await createTestPrice({
      db,
      organisationId: club.organisation.id,
      gymIds: club.gyms.map((g) => g.id),
      now,
    })
    const member = (gymId: number, seed: string, paymentMethodType: 'bank_account' | 'stripe_card') =>
      createTestMembership({
        db,
        organisationId: club.organisation.id,
        gymId,
        priceId: price.id,
        now,
        seed,
        paymentMethodType,
      })
    const bankPayer = await member(kingsland!.id, 'payee-bank', 'bank_account')
    const cardPayer = await member(kingsland!.id, 'payee-card', 'stripe_card')
    const elsewhere = await member(eden!.id, 'payee-eden', 'bank_account')
    const clubOwner = await signIn({ org: club, admin: true })

    // The dialog says beforehand how many will be told: the gym's count.
    const before = await readData(await clubOwner.get(`/gyms/${kingsland!.id}`), gymSchema)
    expect(before.bank_payers).toBe(1)
    const account = club.destinationAccounts.find((one) => one.gymId === kingsland!.id)!
    const path = `/gyms/${kingsland!.id}/destination-accounts/${account.id}`
    const answer = z.object({ data: gymSchema, bank_payers: z.number(), message: z.string() })

    // A new name on the same number changes no consent: nobody is told.
    const renamed = answer.parse(
      await (
        await clubOwner.request('PUT', path, {
          body: {
            name: 'Kingsland Ltd',
            bank_account_number: account.bankAccountNumber,
            bank_account_number_confirmation: account.bankAccountNumber,
          },
        })
      ).json(),
    )
    expect(renamed.bank_payers).toBe(0)
    expect(await mailsTo(bankPayer.member.email)).toBe(0)

    const good = testBankAccountNumber({ index: 21, suffix: '00' })
    const changed = answer.parse(
      await (
        await clubOwner.request('PUT', path, {
          body: {
            name: 'Kingsland Fitness Ltd',
            bank_account_number: good,
            bank_account_number_confirmation: good,
          },
        })
      ).json(),
    )
    expect(changed.bank_payers).toBe(1)
    expect(changed.message).toMatch(/One member who pays by bank was e-mailed/)
    const mail = await api.latestMail(bankPayer.member.email)
    expect(mail.subject).toBe('Kingsland: please reconnect your bank for your membership payments')
    expect(mail.text).toContain('Kingsland Fitness Ltd')
    expect(mail.text).toMatch(/Reconnect your bank: https?:\/\/[^ ]+\/connect-akahu/)
    expect(mail.text).not.toContain(good)
    expect(await mailsTo(cardPayer.member.email)).toBe(0)
    expect(await mailsTo(elsewhere.member.email)).toBe(0)
    const flags = await db
      .select({ id: users.id, flag: users.reauthenticateAkahu })
      .from(users)
      .where(inArray(users.id, [bankPayer.member.id, cardPayer.member.id, elsewhere.member.id]))
    expect(Object.fromEntries(flags.map((row) => [row.id, row.flag]))).toEqual({
      [bankPayer.member.id]: true,
      [cardPayer.member.id]: false,
      [elsewhere.member.id]: false,
    })
    const [line] = await db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'gym.destination_account_changed'), eq(auditLog.subjectId, kingsland!.id)),
      )
      .orderBy(desc(auditLog.id))
      .limit(1)
    expect(line?.changes).toMatchObject({ bank_payers_told: 1 })

    // A refused change tells nobody.
    const refused = await clubOwner.request('PUT', path, {
      body: { name: 'X', bank_account_number: good, bank_account_number_confirmation: `${good}1` },
    })
    expect(refused.status).toBe(422)
    expect(await mailsTo(bankPayer.member.email)).toBe(1)
  })

  async function mailsTo(to: string) {
    const rows = await database.db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, to))
    return rows.length
  }
})
