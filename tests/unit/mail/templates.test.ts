import { describe, expect, it } from 'vitest'
import {
  emailVerificationMail,
  escapeHtml,
  type MailContent,
  passwordResetMail,
  priceChangeMail,
  staffInvitationMail,
  twoFactorCodeMail,
} from '~/server/mail/templates.server'

const organisationName = 'Kōwhai Fitness'

const mails: Record<string, MailContent> = {
  twoFactor: twoFactorCodeMail({ organisationName, recipientName: 'Aroha', code: '482913' }),
  verification: emailVerificationMail({ organisationName, recipientName: 'Aroha', code: '730511' }),
  reset: passwordResetMail({
    organisationName,
    recipientName: 'Aroha',
    resetUrl: 'https://console.gymbase.nz/reset-password?token=abc&x=1',
  }),
  invitation: staffInvitationMail({
    organisationName,
    recipientName: 'Aroha',
    inviterName: 'Mere',
    setPasswordUrl: 'https://console.gymbase.nz/set-password?token=def',
  }),
}

/** What a reader sees of the HTML: tags dropped, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ')
}

describe('escapeHtml', () => {
  it('escapes the characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })
})

describe('mail templates', () => {
  it.each(Object.entries(mails))('%s names the organisation and the brand line in both parts', (_, mail) => {
    expect(mail.subject).toContain(organisationName)
    expect(mail.html).toContain(organisationName)
    expect(mail.text).toContain(organisationName)
    expect(mail.html).toContain(`Sent by Gymbase on behalf of ${organisationName}`)
    expect(mail.text).toContain(`Sent by Gymbase on behalf of ${organisationName}`)
    expect(mail.html).toContain('lang="en-NZ"')
    // Inline styles only: no style sheet, no external resource.
    expect(mail.html).not.toMatch(/<style|<link|<script/i)
  })

  /** Each of `words` stands both in the mail's visible HTML and in its text part. */
  const expectInBothParts = (mail: MailContent, words: string[]) => {
    for (const part of [visibleText(mail.html), mail.text]) {
      for (const word of words) expect(part).toContain(word)
    }
  }

  it('the sign-in code mail shows the code large, its 10 minutes and what to do if it was not you', () => {
    const mail = mails.twoFactor as MailContent
    expect(mail.subject).toMatch(/^Your sign-in code/)
    expect(mail.subject).not.toContain('482913')
    expect(mail.html).toMatch(/font-size: 32px[^>]*>482913</)
    expectInBothParts(mail, ['482913', '10 minutes', "If this wasn't you", 'change your password'])
  })

  it('the verification mail carries the 6-digit code for 10 minutes', () => {
    const mail = mails.verification as MailContent
    expect(mail.subject).not.toContain('730511')
    expectInBothParts(mail, ['730511', '6-digit code', '10 minutes'])
  })

  it('the reset mail links once for 60 minutes, escaped in the HTML', () => {
    const mail = mails.reset as MailContent
    expect(mail.html).toContain('href="https://console.gymbase.nz/reset-password?token=abc&amp;x=1"')
    expect(mail.text).toContain('https://console.gymbase.nz/reset-password?token=abc&x=1')
    expect(mail.subject).not.toContain('token')
    expectInBothParts(mail, ['60 minutes', 'works once', "If you didn't ask for this, ignore this email"])
  })

  it('the invitation names the inviter and its 7 days', () => {
    const mail = mails.invitation as MailContent
    expect(mail.html).toContain('href="https://console.gymbase.nz/set-password?token=def"')
    expectInBothParts(mail, [
      'Mere has invited you',
      '7 days',
      'https://console.gymbase.nz/set-password?token=def',
    ])
  })

  it('the HTML and text parts say the same', () => {
    for (const mail of Object.values(mails)) {
      const html = visibleText(mail.html)
      for (const line of mail.text.split('\n')) {
        const words = line.replace(/^(Choose a new password|Set your password): /, '').trim()
        if (words && words !== '--') expect(html).toContain(words)
      }
    }
  })

  it('escapes names and organisation names in the HTML, and keeps them as written in the text', () => {
    const hostile = '<script>alert("x")</script>'
    const mail = staffInvitationMail({
      organisationName: `${hostile} & Co`,
      recipientName: hostile,
      inviterName: `<img src=x onerror=alert(1)>`,
      setPasswordUrl: 'https://console.gymbase.nz/set-password?token="><script>',
    })
    expect(mail.html).not.toMatch(/<script|<img/i)
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co')
    expect(mail.html).toContain('token=&quot;&gt;&lt;script&gt;')
    expect(mail.text).toContain(hostile)
    expect(mail.subject).toContain(hostile)
  })

  it('greets without a name when there is none', () => {
    const mail = twoFactorCodeMail({ organisationName, recipientName: ' ', code: '111111' })
    expect(mail.text).toContain('Kia ora,')
  })

  it('refuses a link that is not http(s)', () => {
    expect(() =>
      passwordResetMail({ organisationName, recipientName: 'A', resetUrl: 'javascript:alert(1)' }),
    ).toThrow(/http/)
  })
})

describe('price change mail', () => {
  it('says when, the old and the new amount, the same in both parts, with names escaped', () => {
    const mail = priceChangeMail({
      organisationName: 'Demo <Fitness>',
      recipientName: 'Aroha',
      takesEffectOn: 'Tue, 17 Aug 2027',
      from: { offering: 'Anytime', price: '$25.00 weekly', hours: null },
      to: { offering: 'Anytime', price: '$29.00 weekly', hours: null },
      difference: 'a rise of $4.00',
    })
    expect(mail.subject).toBe('Your Demo <Fitness> membership price is changing')
    const sentence =
      'From Tue, 17 Aug 2027 your Demo <Fitness> membership will cost $29.00 weekly instead of $25.00 weekly (a rise of $4.00).'
    expect(mail.text).toContain(sentence)
    expect(mail.text).toContain('Payments due before Tue, 17 Aug 2027 stay at $25.00 weekly.')
    expect(mail.text).toContain('Kia ora Aroha,')
    expect(mail.text).not.toContain('also changes from')
    expect(mail.text).not.toContain('opening hours')
    expect(mail.html).toContain(escapeHtml(sentence))
    expect(mail.html).not.toContain('<Fitness>')
  })

  it('names the offering and its hours when they change too', () => {
    const mail = priceChangeMail({
      organisationName: 'Demo Fitness',
      recipientName: 'Aroha',
      takesEffectOn: 'Tue, 17 Aug 2027',
      from: { offering: 'Anytime', price: '$25.00 weekly', hours: null },
      to: {
        offering: 'Off-peak',
        price: '$19.00 weekly',
        hours: 'Monday to Friday 9:00 am – 3:00 pm',
      },
      difference: 'a cut of $6.00',
    })
    expect(mail.text).toContain(
      'From Tue, 17 Aug 2027 your Demo Fitness membership will cost $19.00 weekly instead of $25.00 weekly (a cut of $6.00).',
    )
    expect(mail.text).toContain('On that day your membership also changes from Anytime to Off-peak.')
    expect(mail.text).toContain(
      'Its opening hours change from any time to Monday to Friday 9:00 am – 3:00 pm.',
    )
  })
})
