import { afterEach, describe, expect, it, vi } from 'vitest'
import { getEnv, resetEnvCache } from '~/lib/env.server'

afterEach(() => {
  vi.unstubAllEnvs()
  resetEnvCache()
})

describe('server environment', () => {
  it('runs with nothing set: embedded database, default hosts and port', () => {
    for (const name of [
      'PORT',
      'JOIN_HOST',
      'CONSOLE_HOST',
      'DATABASE_URL',
      'DATA_DIR',
      'API_BASE_URL',
      'SEED_DEMO',
    ]) {
      vi.stubEnv(name, undefined)
    }
    resetEnvCache()
    const env = getEnv()
    expect(env).toMatchObject({
      PORT: 3000,
      JOIN_HOST: 'join.localhost',
      CONSOLE_HOST: 'console.localhost',
      DATA_DIR: '.data',
      SEED_DEMO: true,
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.API_BASE_URL).toBeUndefined()
  })

  it('reads empty values from .env.example as unset', () => {
    vi.stubEnv('DATABASE_URL', '')
    vi.stubEnv('API_BASE_URL', '')
    resetEnvCache()
    expect(getEnv().DATABASE_URL).toBeUndefined()
    expect(getEnv().API_BASE_URL).toBeUndefined()
  })

  it('refuses a malformed value with the variable named', () => {
    vi.stubEnv('API_BASE_URL', 'not a url')
    resetEnvCache()
    expect(() => getEnv()).toThrow(/API_BASE_URL/)
  })
})
