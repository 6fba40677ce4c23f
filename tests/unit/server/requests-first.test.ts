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
