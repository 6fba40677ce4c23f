import { describe, expect, it } from 'vitest'
import type { SessionState } from '~/features/auth/auth.functions'
import { createSessionStore } from '~/features/auth/session'
import { testSessionUser } from '../../factories/session-user'

const guest: SessionState = { kind: 'guest' }
const member: SessionState = { kind: 'user', user: testSessionUser({ name: 'Aroha' }) }

/** An API whose answers the test releases one by one, counting the questions. */
function fakeApi() {
  const waiting: Array<(answer: SessionState) => void> = []
  return {
    asked: () => waiting.length,
    read: () => new Promise<SessionState>((resolve) => waiting.push(resolve)),
    answer: (index: number, state: SessionState) => waiting[index]?.(state),
  }
}

describe('the session store', () => {
  it('asks the API once for the guards of one navigation, then keeps the answer for 10 seconds', async () => {
    let now = 1_000
    const api = fakeApi()
    const store = createSessionStore(api.read, () => now)
    const first = store.load()
    const second = store.load()
    expect(api.asked()).toBe(1)
    api.answer(0, member)
    await expect(first).resolves.toEqual(member)
    await expect(second).resolves.toEqual(member)
    now += 9_999
    await expect(store.load()).resolves.toEqual(member)
    expect(api.asked()).toBe(1)
    now += 1
    const stale = store.load()
    expect(api.asked()).toBe(2)
    api.answer(1, guest)
    await expect(stale).resolves.toEqual(guest)
    expect(store.current()).toEqual(guest)
  })

  it('forgets on reset, and an answer asked for before the reset never brings the old session back', async () => {
    const api = fakeApi()
    const store = createSessionStore(api.read)
    const before = store.load()
    store.reset()
    expect(store.current()).toBeUndefined()
    // The answer to the question asked before signing in arrives late: the store asks again.
    api.answer(0, guest)
    expect(store.current()).toBeUndefined()
    await Promise.resolve()
    await Promise.resolve()
    expect(api.asked()).toBe(2)
    api.answer(1, member)
    await expect(before).resolves.toEqual(member)
    expect(store.current()).toEqual(member)
  })

  it('asks again at once when something on screen shows the session, and tells it the answer', async () => {
    const api = fakeApi()
    const store = createSessionStore(api.read)
    store.seed(guest)
    let told = 0
    const stop = store.subscribe(() => {
      told += 1
    })
    store.reset()
    expect(told).toBe(1)
    expect(api.asked()).toBe(1)
    api.answer(0, member)
    await store.load()
    expect(told).toBe(2)
    expect(store.current()).toEqual(member)
    stop()
    store.reset()
    expect(told).toBe(2)
    expect(api.asked()).toBe(1)
  })

  it('starts from what the server read for the page, without asking', async () => {
    const api = fakeApi()
    const store = createSessionStore(api.read)
    store.seed(member)
    await expect(store.load()).resolves.toEqual(member)
    expect(api.asked()).toBe(0)
  })

  it('lets a failed question be asked again', async () => {
    let fail = true
    const store = createSessionStore(() =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve(member),
    )
    await expect(store.load()).rejects.toThrow('offline')
    fail = false
    await expect(store.load()).resolves.toEqual(member)
  })
})

describe('hydrating with the session', () => {
  it('hydrates with what the server handed over, even once a newer answer has come', async () => {
    const store = createSessionStore(() => Promise.resolve(member))
    store.seed(undefined)
    store.reset()
    await store.load()
    expect(store.current()).toEqual(member)
    expect(store.hydrationSnapshot()).toBeUndefined()
  })

  it('on the server, hydrates with what the guards have read', async () => {
    const store = createSessionStore(() => Promise.resolve(member))
    await store.load()
    expect(store.hydrationSnapshot()).toEqual(member)
  })
})
