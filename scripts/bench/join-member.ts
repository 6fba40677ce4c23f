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
  /**
   * The code in the first (or, with `last`, the latest) mail to `email`, from the `since`th mail
   * received on (see `received`).
   */
  codeFor(email: string, since?: number, which?: 'first' | 'last'): Promise<string>
  /** How many mails have come so far: a mark for `codeFor` when one address gets several codes. */
  received(): number
  close(): Promise<void>
}

export async function startMailCapture(port: number): Promise<MailCapture> {
  // By address, each mail with its place in the order received: a load of thousands of sign-ups polls it.
  const byAddress = new Map<string, Array<{ index: number; text: string }>>()
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const index = count
          count += 1
          for (const recipient of session.envelope.rcptTo) {
            const address = recipient.address.toLowerCase()
            const mails = byAddress.get(address) ?? []
            mails.push({ index, text: mail.text ?? '' })
            byAddress.set(address, mails)
          }
          callback()
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))))
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  // Port 0 asks the system for a free one: name the one it gave.
  const address = (server as unknown as { server: import('node:net').Server }).server.address()
  const listening = typeof address === 'object' && address ? address.port : port
  return {
    url: `smtp://127.0.0.1:${listening}`,
    received: () => count,
    async codeFor(email, since = 0, which = 'first') {
      for (let waited = 0; waited < 30_000; waited += 100) {
        const mails =
          byAddress.get(email.toLowerCase())?.filter((candidate) => candidate.index >= since) ?? []
        const mail = which === 'first' ? mails[0] : mails.at(-1)
        const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
        if (code) return code
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      throw new Error(`No code e-mailed to ${email}`)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** What a client reports of each answer: for the load benchmark's p95s and failure count. */
export type AnswerRecorder = (answer: { method: string; path: string; status: number; ms: number }) => void

export interface ClientOptions {
  /**
   * The browser's address as a proxy in front would pass it (`X-Forwarded-For`, read when the server
   * has TRUST_PROXY=true): many people signing up at once come from many addresses, and the per-address
   * limits (ADR 008) are for one address.
   */
  forwardedFor?: string
  record?: AnswerRecorder
  /** Cookies to start with (`name=value; …`): a session from before, as a browser keeps it. */
  cookie?: string
}

/**
 * A browser-like client of a site's API (the join site's, or the console's with a staff origin) with
 * its own cookie jar. Node can't resolve `*.localhost`, so requests go to 127.0.0.1 with the site's
 * Origin, as the browser's calls carry it.
 */
export function joinClient(joinOrigin: string, options: ClientOptions = {}) {
  const origin = new URL(joinOrigin)
  const jar = new Map<string, string>()
  for (const pair of options.cookie?.split('; ') ?? []) {
    const [name = '', value = ''] = pair.split('=')
    if (name && value) jar.set(name, value)
  }
  async function call(method: string, path: string, body?: unknown, form?: FormData) {
    const headers = new Headers({
      'X-Requested-With': 'XMLHttpRequest',
      Origin: joinOrigin,
      Accept: 'application/json',
    })
    if (options.forwardedFor) headers.set('X-Forwarded-For', options.forwardedFor)
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    if (body !== undefined) headers.set('Content-Type', 'application/json')
    const started = performance.now()
    let response: Response
    try {
      response = await fetch(`http://127.0.0.1:${origin.port}/api${path}`, {
        method,
        headers,
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      })
    } catch (error) {
      options.record?.({ method, path, status: 0, ms: performance.now() - started })
      throw error
    }
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const [name = '', value = ''] = pair.split('=')
      if (value === '') jar.delete(name)
      else jar.set(name, value)
    }
    const json: unknown = await response.json().catch(() => undefined)
    options.record?.({ method, path, status: response.status, ms: performance.now() - started })
    if (response.status >= 400)
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`)
    return json as { data?: unknown } | undefined
  }
  /** A file the API answers (a photo), as bytes and type; throws on an error status. */
  async function file(path: string): Promise<{ bytes: Uint8Array; type: string }> {
    const headers = new Headers({ Origin: joinOrigin })
    if (options.forwardedFor) headers.set('X-Forwarded-For', options.forwardedFor)
    if (jar.size > 0) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '))
    const started = performance.now()
    const response = await fetch(`http://127.0.0.1:${origin.port}/api${path}`, { headers })
    const bytes = new Uint8Array(await response.arrayBuffer())
    options.record?.({ method: 'GET', path, status: response.status, ms: performance.now() - started })
    if (response.status >= 400) throw new Error(`GET ${path} answered ${response.status}`)
    return { bytes, type: response.headers.get('content-type') ?? '' }
  }
  return {
    call,
    file,
    cookie: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
  }
}

export type ApiClient = ReturnType<typeof joinClient>

/**
 * Signs a member up at the first gym the join site lists and takes them through the steps before
 * confirm: e-mailed code, about you, photo, a card (4242) and a bank account (…-91).
 */
export async function memberAtConfirm(
  options: {
    joinOrigin: string
    mail: MailCapture
    email?: string
    name?: string
    gym?: number
  } & ClientOptions,
) {
  const client = joinClient(options.joinOrigin, options)
  const gyms = (await client.call('GET', '/join/gyms')) as { data: Array<{ uuid: string }> }
  const email = options.email ?? `lighthouse-${Date.now()}@bench.gymbase.test`
  const gym = gyms.data[(options.gym ?? 0) % Math.max(gyms.data.length, 1)]
  await client.call('POST', '/register', {
    gym: gym?.uuid,
    name: options.name ?? 'Lighthouse Member',
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
  await uploadPhoto(client)
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
  return Object.assign(client, { email })
}

/** A photo as a phone's camera gives one (a JPEG), uploaded as the join site's photo step does. */
export async function uploadPhoto(client: ApiClient, colour = '#336699') {
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
  const form = new FormData()
  form.set('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  await client.call('POST', '/profile-picture', undefined, form)
}

/**
 * A member signed up through the whole join (ADR 059's test, `bench:load`): every step before confirm,
 * then the first membership on offer, paid by the card as the confirm page does.
 */
export async function joinedMember(
  options: Parameters<typeof memberAtConfirm>[0],
): Promise<Awaited<ReturnType<typeof memberAtConfirm>>> {
  const member = await memberAtConfirm(options)
  const choices = (await member.call('GET', '/me/membership-options')) as {
    data: { offerings: Array<{ prices: Array<{ id: number }> }> }
  }
  await member.call('POST', '/subscriptions', {
    price_id: choices.data.offerings[0]?.prices[0]?.id,
    client_key: crypto.randomUUID(),
    agreement_name: options.name ?? 'Lighthouse Member',
    off_session_consent: true,
  })
  return member
}
