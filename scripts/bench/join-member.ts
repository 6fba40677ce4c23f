/**
 * A new member made through the join site's API, step by step, for the benchmarks that measure the
 * signed-in join steps (`bench:lighthouse`). The e-mailed code is read from a small SMTP server this
 * module runs, which the benchmark's own server sends to (`SMTP_URL`).
 */
import { simpleParser } from 'mailparser'
import sharp from 'sharp'
import { SMTPServer } from 'smtp-server'

export interface MailCapture {
  url: string
  codeFor(email: string): Promise<string>
  close(): Promise<void>
}

export async function startMailCapture(port: number): Promise<MailCapture> {
  const received: Array<{ to: string[]; text: string }> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
            text: mail.text ?? '',
          })
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${port}`,
    async codeFor(email) {
      for (let waited = 0; waited < 30_000; waited += 100) {
        const mail = received.find((candidate) => candidate.to.includes(email.toLowerCase()))
        const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
        if (code) return code
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`No code e-mailed to ${email}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A browser-like client of the join site's API with its own cookie jar. Node can't resolve
 * `*.localhost`, so requests go to 127.0.0.1 with the join site's Host header.
 */
export function joinClient(joinOrigin: string) {
  const origin = new URL(joinOrigin)
  const jar = new Map<string, string>()
  async function call(method: string, path: string, body?: unknown, form?: FormData) {
    const headers = new Headers({
      'X-Requested-With': 'XMLHttpRequest',
      Origin: joinOrigin,
      Accept: 'application/json',
    })
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    if (body !== undefined) headers.set('Content-Type', 'application/json')
    const response = await fetch(`http://127.0.0.1:${origin.port}/api${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value === '') jar.delete(name)
      else jar.set(name, value)
    }
    const json: unknown = await response.json().catch(() => undefined)
    if (response.status >= 400)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`)
    return json as { data?: unknown } | undefined
  }
  return {
    call,
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  }
}

/**
 * Signs a member up at the first gym the join site lists and takes them through the steps before
 * confirm: e-mailed code, about you, photo, a card (4242) and a bank account (…-91).
 */
export async function memberAtConfirm(options: { joinOrigin: string; mail: MailCapture }) {
  const client = joinClient(options.joinOrigin)
  const gyms = (await client.call('GET', '/join/gyms')) as { data: Array<{ uuid: string }> }
  const email = `lighthouse-${Date.now()}@bench.gymbase.test`
  await client.call('POST', '/register', {
    gym: gyms.data[0]?.uuid,
    name: 'Lighthouse Member',
    email,
    mobile_number: '021 555 0100',
    dob: '1990-04-05',
    password: 'a long enough passphrase',
  })
  await client.call('POST', '/email/verify', { code: await options.mail.codeFor(email) })
  await client.call('PUT', '/me/register-fields', {
    address: '12 Ponsonby Road',
    suburb: '',
    city: 'Auckland',
    post_code: '1011',
    emergency_contact_name: 'Mere Ngata',
    emergency_contact_relationship: 'Sister',
    emergency_contact_mobile_number: '021 555 0111',
    emergency_contact_email: '',
    confidence_and_experience: [],
    hear_about_us: ['friend'],
    hear_about_us_other: '',
    email_notifications_enabled: true,
    push_notifications_enabled: true,
    payment_reminders: true,
  })
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  await client.call('POST', '/profile-picture', undefined, form)
  const setup = (await client.call('POST', '/me/card-setups')) as {
    data: { id: string; client_secret: string }
  }
  await client.call('POST', '/sandbox/card-setups/confirm', {
    client_secret: setup.data.client_secret,
    number: '4242424242424242',
    expiry: '12 / 30',
    cvc: '123',
  })
  await client.call('POST', '/me/payment-types/card', { setup_id: setup.data.id })
  const auth = (await client.call('GET', '/akahu/auth-url')) as { data: { url: string } }
  const consent = new URL(auth.data.url, options.joinOrigin)
  const granted = (await client.call('POST', '/sandbox/bank-consents', {
    state: consent.searchParams.get('state'),
    redirect_uri: consent.searchParams.get('redirect_uri'),
    account_suffixes: ['91'],
  })) as { data: { redirect_to: string } }
  const back = new URL(granted.data.redirect_to)
  await client.call('POST', '/akahu/exchange', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  })
  await client.call('POST', '/akahu/sync-accounts')
  return client
}
