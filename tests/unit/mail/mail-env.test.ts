import { afterEach, describe, expect, it, vi } from 'vitest'
import { getEnv, resetEnvCache } from '~/lib/env.server'
import { createMailTransport } from '~/server/mail/send-mail.server'

afterEach(() => {
  vi.unstubAllEnvs()
  resetEnvCache()
})

describe('mail environment', () => {
  it('defaults: no SMTP (mail kept in the outbox), the Gymbase sender, workers in-process', () => {
    for (const name of ['SMTP_URL', 'MAIL_FROM', 'RUN_WORKERS']) vi.stubEnv(name, undefined)
    resetEnvCache()
    const env = getEnv()
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.MAIL_FROM).toBe('Gymbase <no-reply@gymbase.localhost>')
    expect(env.RUN_WORKERS).toBe(true)
    expect(createMailTransport()).toBeNull()
  })

  it('reads empty values as unset', () => {
    vi.stubEnv('SMTP_URL', '')
    vi.stubEnv('MAIL_FROM', '')
    resetEnvCache()
    expect(getEnv().SMTP_URL).toBeUndefined()
    expect(getEnv().MAIL_FROM).toBe('Gymbase <no-reply@gymbase.localhost>')
  })

  it('takes SMTP_URL, MAIL_FROM and RUN_WORKERS=false', () => {
    vi.stubEnv('SMTP_URL', 'smtp://user:secret@mail.example.nz:587')
    vi.stubEnv('MAIL_FROM', 'Kōwhai Fitness <hello@kowhai.nz>')
    vi.stubEnv('RUN_WORKERS', 'false')
    resetEnvCache()
    expect(getEnv()).toMatchObject({
      SMTP_URL: 'smtp://user:secret@mail.example.nz:587',
      MAIL_FROM: 'Kōwhai Fitness <hello@kowhai.nz>',
      RUN_WORKERS: false,
    })
    expect(createMailTransport()).not.toBeNull()
  })

  it('refuses a RUN_WORKERS that is not true or false', () => {
    vi.stubEnv('RUN_WORKERS', 'yes')
    resetEnvCache()
    expect(() => getEnv()).toThrow(/RUN_WORKERS/)
  })
})
