import { afterEach, expect, it, vi } from 'vitest'
import { answerRequest, requestsAnswered } from '~/server/requests-first.server'

/** ADR 055: the demo's background steps wait while the server answers someone, but never for ever. */
afterEach(() => {
  vi.useRealTimers()
})

it('resolves at once when no request is being answered', async () => {
  let done = false
  void requestsAnswered().then(() => (done = true))
  await Promise.resolve()
  expect(done).toBe(true)
})

it('waits until every request in progress has been answered, then lets the background go on', async () => {
  let finishFirst: (value: string) => void = () => {}
  let finishSecond: (value: string) => void = () => {}
  const first = answerRequest(() => new Promise<string>((resolve) => (finishFirst = resolve)))
  const second = answerRequest(() => new Promise<string>((resolve) => (finishSecond = resolve)))
  let resumed = false
  const waiting = requestsAnswered().then(() => (resumed = true))

  finishFirst('one')
  expect(await first).toBe('one')
  await new Promise((resolve) => setImmediate(resolve))
  expect(resumed).toBe(false)

  finishSecond('two')
  expect(await second).toBe('two')
  await waiting
  expect(resumed).toBe(true)
})

it('counts a request that fails as answered too, and passes its error on', async () => {
  await expect(answerRequest(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
  let done = false
  void requestsAnswered().then(() => (done = true))
  await Promise.resolve()
  expect(done).toBe(true)
})

it('goes on after at most the given time while a request never ends (a stream, a slow client)', async () => {
  vi.useFakeTimers()
  let finish: () => void = () => {}
  const endless = answerRequest(() => new Promise<void>((resolve) => (finish = resolve)))
  let resumed = false
  const waiting = requestsAnswered(2000).then(() => (resumed = true))
  await vi.advanceTimersByTimeAsync(1999)
  expect(resumed).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await waiting
  expect(resumed).toBe(true)
  finish()
  await endless
})

/** A fresh copy of the module: when the last request was answered is the module's own state. */
async function freshModule() {
  vi.resetModules()
  return import('~/server/requests-first.server')
}

it('starts the background after `atMostMs` when nobody has visited', async () => {
  const { firstQuietMoment } = await freshModule()
  const started = performance.now()
  await firstQuietMoment({ quietMs: 20, atMostMs: 150 })
  expect(performance.now() - started).toBeGreaterThanOrEqual(145)
})

it('starts the background once the first visitor’s burst of requests has been quiet for `quietMs`', async () => {
  const { answerRequest, firstQuietMoment } = await freshModule()
  let lastAnswer = 0
  const burst = (async () => {
    for (let request = 0; request < 8; request += 1) {
      await answerRequest(() => new Promise((resolve) => setTimeout(resolve, 10)))
      lastAnswer = performance.now()
      await new Promise((resolve) => setTimeout(resolve, 15))
    }
  })()
  await firstQuietMoment({ quietMs: 80, atMostMs: 5000 })
  const quietFor = performance.now() - lastAnswer
  await burst
  // Not before the burst ended and went quiet, and not at the 5 s limit either.
  expect(lastAnswer).toBeGreaterThan(0)
  expect(quietFor).toBeGreaterThanOrEqual(75)
  expect(quietFor).toBeLessThan(2000)
})

it('never waits past `atMostMs` however steady the traffic', async () => {
  const { answerRequest, firstQuietMoment } = await freshModule()
  let steady = true
  const traffic = (async () => {
    while (steady) await answerRequest(() => new Promise((resolve) => setTimeout(resolve, 5)))
  })()
  const started = performance.now()
  await firstQuietMoment({ quietMs: 100, atMostMs: 200 })
  const waited = performance.now() - started
  steady = false
  await traffic
  expect(waited).toBeGreaterThanOrEqual(195)
  expect(waited).toBeLessThan(1500)
})
