import { describe, expect, it } from 'vitest'
import {
  deliveredSecretPlaceholder,
  emailVerificationMail,
  passwordResetMail,
  twoFactorCodeMail,
  withoutSentSecrets,
} from '~/server/mail/templates.server'
import { findSecrets } from '~/server/security/secret-scan.server'

/** A delivered mail keeps neither its code nor its link's token in the outbox (ADR 057). */
describe('withoutSentSecrets', () => {
  const organisationName = 'Kōwhai Fitness'
  const token = 'KbIoUuflu_zxxQJbdwwPnLPPR5Ut9FeUTgsEagweJgQ'

  it('takes the code out of a code mail, html and text, and leaves the words', () => {
    for (const mail of [
      twoFactorCodeMail({ organisationName, recipientName: 'Aroha', code: '482913' }),
      emailVerificationMail({ organisationName, recipientName: 'Aroha', code: '482913' }),
    ]) {
      expect(findSecrets(`${mail.html}\n${mail.text}`, { codes: ['482913'] })).toHaveLength(1)
      const kept = withoutSentSecrets(mail)
      expect(findSecrets(`${kept.html}\n${kept.text}`, { codes: ['482913'] })).toEqual([])
      expect(kept.text).toContain(deliveredSecretPlaceholder)
      expect(kept.html).toContain(deliveredSecretPlaceholder)
      expect(kept.text).toContain('valid for 10 minutes')
    }
  })

  it('takes the token out of a link, a parameter or a path segment', () => {
    const mail = passwordResetMail({
      organisationName,
      recipientName: 'Aroha',
      resetUrl: `https://console.gymbase.nz/reset-password?token=${token}&email=a%40b.nz`,
    })
    const kept = withoutSentSecrets(mail)
    expect(findSecrets(`${kept.html}\n${kept.text}`, { tokens: [token] })).toEqual([])
    expect(kept.text).toContain(
      `https://console.gymbase.nz/reset-password?token=${deliveredSecretPlaceholder}&email=`,
    )
    const path = withoutSentSecrets({
      html: '',
      text: `Open https://join.gymbase.nz/join-links/${token} soon`,
    })
    expect(path.text).toBe(`Open https://join.gymbase.nz/join-links/${deliveredSecretPlaceholder} soon`)
  })

  it('leaves a mail without secrets as it was', () => {
    const plain = {
      html: '<p>Paid $25.00 on 3 March 2026.</p>',
      text: 'Paid $25.00 on 3 March 2026.\n    Receipt 12',
    }
    expect(withoutSentSecrets(plain)).toEqual(plain)
  })
})
