import sharp from 'sharp'
import { beforeAll, expect, it } from 'vitest'
import { sessionUserSchema } from '~/contracts/auth'
import { imageMessages } from '~/server/services/images/prepare-image.server'
import { createTestPrice } from '../../factories/member-factory'
import { createTestOrganisation, type TestOrganisation } from '../../factories/organisation-factory'
import { readData, readErrors } from '../support/answers'
import { createTestApi, joinOrigin } from '../support/api'
import { describeEachDatabase } from '../support/database'
import { joinAsMember } from '../support/join'
import { staffSignIn, type TestApi } from '../support/sign-in'

const now = new Date('2026-03-16T21:00:00Z')
let joined = 0

/** A member signed up at `gym` through /register and the e-mailed code, as the join site does. */
async function photoMember(testApi: TestApi, gymUuid: string) {
  joined += 1
  return joinAsMember(testApi, {
    gymUuid,
    name: `Photo Member ${joined}`,
    email: `photo-${joined}-${process.pid}@members.test`,
    ip: `203.0.113.${joined}`,
  })
}

const upload = (
  browser: ReturnType<TestApi['browser']>,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'photo.jpg',
  type = 'image/jpeg',
) => {
  const form = new FormData()
  form.set('image', new File([bytes], name, { type }))
  return browser.request('POST', '/profile-picture', { rawBody: form })
}

const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '36/1 50/1 0/1' } })
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))

describeEachDatabase('profile pictures API', (database) => {
  let org: TestOrganisation
  let other: TestOrganisation

  beforeAll(async () => {
    org = await createTestOrganisation({ db: database.db, gymNames: ['Ponsonby', 'Newmarket'] })
    other = await createTestOrganisation({ db: database.db, name: 'Other Gym Co' })

    // Gyms take sign-ups once they have a price on sale (issue 25).
    for (const organisation of [org, other]) {
      await createTestPrice({
        db: database.db,
        organisationId: organisation.organisation.id,
        gymIds: organisation.gyms.map((gym) => gym.id),
      })
    }
  })

  it('keeps a member’s photo as WebP without its location, shows it to them and to their gym’s staff', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser, me } = await photoMember(testApi, org.gyms[0]!.uuid)
    expect(me.profile_picture).toBeNull()

    const answer = await upload(browser, await phonePhoto())
    const user = await readData(answer, sessionUserSchema)
    expect(user.profile_picture).toMatch(
      new RegExp(`^/api/users/${me.id}/profile-picture\\?v=[0-9a-f-]{36}$`),
    )

    const own = await browser.get(user.profile_picture!.replace(/^\/api/, ''))
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('image/webp')
    expect(own.headers.get('cache-control')).toContain('private')
    const kept = await sharp(new Uint8Array(await own.arrayBuffer())).metadata()
    expect(kept).toMatchObject({ format: 'webp', width: 1024, height: 768 })
    expect(kept.exif).toBeUndefined()

    // Staff who see the member see the photo; staff of the other gym, another organisation or another
    // member are told there is nothing there.
    const path = `/users/${me.id}/profile-picture`
    const signIn = staffSignIn({ database, api: testApi, now, organisation: () => org })
    const admin = await signIn({ admin: true })
    expect((await admin.get(path)).status).toBe(200)
    const ponsonbyTrainer = await signIn({ gyms: [{ index: 0, role: 'personal_trainer' }] })
    expect((await ponsonbyTrainer.get(path)).status).toBe(200)
    const newmarketAdmin = await signIn({ gyms: [{ index: 1, role: 'admin' }] })
    expect((await newmarketAdmin.get(path)).status).toBe(404)
    const otherAdmin = await signIn({ org: other, admin: true })
    expect((await otherAdmin.get(path)).status).toBe(404)
    const { browser: otherMember } = await photoMember(testApi, org.gyms[0]!.uuid)
    expect((await otherMember.get(path)).status).toBe(403)
    expect((await testApi.browser().get(path)).status).toBe(401)
  })

  it('replaces a photo: the new address works, the old file is gone', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser } = await photoMember(testApi, org.gyms[1]!.uuid)
    const first = await readData(await upload(browser, await phonePhoto()), sessionUserSchema)
    const second = await readData(await upload(browser, await phonePhoto()), sessionUserSchema)
    expect(second.profile_picture).not.toBe(first.profile_picture)
    expect((await browser.get(second.profile_picture!.replace(/^\/api/, ''))).status).toBe(200)
    const keyOf = (url: string | null) =>
      `profile-pictures/${new URL(url ?? '', joinOrigin).searchParams.get('v')}.webp`
    expect(await testApi.storage.get(keyOf(second.profile_picture))).toBeDefined()
    expect(await testApi.storage.get(keyOf(first.profile_picture))).toBeUndefined()
  })

  it('refuses what is not a usable photo in words, and keeps nothing', async () => {
    const testApi = createTestApi(database, { now: () => now })
    const { browser } = await photoMember(testApi, org.gyms[0]!.uuid)
    const pdf = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')
    expect(await readErrors(await upload(browser, pdf, 'holiday.jpg'))).toEqual({
      image: [imageMessages.notAnImage],
    })
    expect(await readErrors(await upload(browser, new Uint8Array()))).toEqual({
      image: [imageMessages.empty],
    })
    expect(await readErrors(await upload(browser, new Uint8Array(30 * 1024 * 1024)))).toEqual({
      image: [imageMessages.tooLarge],
    })
    const noImage = new FormData()
    noImage.set('note', 'no photo here')
    const missing = await browser.request('POST', '/profile-picture', { rawBody: noImage })
    expect(missing.status).toBe(422)
    const json = await browser.post('/profile-picture', { image: 'not a file' })
    expect(json.status).toBeGreaterThanOrEqual(400)
    expect(json.status).toBeLessThan(500)
    const me = await readData(await browser.get('/me'), sessionUserSchema)
    expect(me.profile_picture).toBeNull()
    expect((await upload(testApi.browser({ origin: joinOrigin }), await phonePhoto())).status).toBe(401)
  })
})
