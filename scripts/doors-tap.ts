/**
 * `npm run doors:tap`: try the door loop of the demo from a terminal — tap a member's credential at a
 * sandbox door, see it open or refuse and why, and the visit it recorded.
 *
 *   npm run doors:tap -- --list
 *   npm run doors:tap -- --email member@demo.gymbase.nz --gym Ponsonby [--door "Front door"]
 *   npm run doors:tap -- --credential GURF827242 --gym Newmarket
 *
 * It goes through the running server's API (start it with `npm start` first), signed in as the demo
 * owner: the embedded database (PGlite) is single-process, so a second process must not open it. The
 * first run reads the staff sign-in code from the mail outbox (a copy of the data folder, as
 * `npm run mail` does) and remembers the browser; the session is kept in DATA_DIR/doors-tap-session.json.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { and, desc, gte, sql } from 'drizzle-orm'
import { mailOutbox } from '~/db/schema'
import {
  type CookieJar,
  createConsoleApi,
  type DoorsTapCommand,
  DoorsTapError,
  runDoorsTap,
  signInToConsole,
} from './doors/tap'
import { openDatabaseForReading } from './lib/read-database'

const usage = `Usage:
  npm run doors:tap -- --list
  npm run doors:tap -- --email <member or staff e-mail> --gym <gym> [--door <door>]
  npm run doors:tap -- --credential <code> --gym <gym> [--door <door>]

Options:
  --url <address>     the running server (default http://127.0.0.1:$PORT, PORT default 3000)
  --as <e-mail>       the staff member to sign in as (default owner@demo.gymbase.nz)
  --password <word>   their password (default the demo password, gymbase-demo)`

const { values } = parseArgs({
  options: {
    list: { type: 'boolean', default: false },
    email: { type: 'string' },
    credential: { type: 'string' },
    gym: { type: 'string' },
    door: { type: 'string' },
    url: { type: 'string' },
    as: { type: 'string', default: 'owner@demo.gymbase.nz' },
    password: { type: 'string', default: 'gymbase-demo' },
    help: { type: 'boolean', short: 'h', default: false },
  },
})

if (values.help || (!values.list && !values.gym)) {
  console.info(usage)
  process.exit(values.help ? 0 : 1)
}

const port = process.env.PORT ?? '3000'
const baseUrl = (values.url ?? `http://127.0.0.1:${port}`).replace(/\/$/, '')
const consoleHost = process.env.CONSOLE_HOST ?? 'console.localhost'
const origin = `${process.env.PUBLIC_PROTOCOL ?? 'http'}://${consoleHost}:${new URL(baseUrl).port || port}`
const sessionFile = join(process.env.DATA_DIR ?? '.data', 'doors-tap-session.json')

/** The cookies of earlier runs against this server as this person: a session, a trusted browser. */
function loadJar(): CookieJar {
  try {
    const saved = JSON.parse(readFileSync(sessionFile, 'utf8')) as Record<string, CookieJar['cookies']>
    return { cookies: saved[`${baseUrl} ${values.as}`] ?? {} }
  } catch {
    return { cookies: {} }
  }
}

function saveJar(jar: CookieJar) {
  let saved: Record<string, CookieJar['cookies']> = {}
  try {
    saved = JSON.parse(readFileSync(sessionFile, 'utf8'))
  } catch {}
  saved[`${baseUrl} ${values.as}`] = jar.cookies
  try {
    writeFileSync(sessionFile, JSON.stringify(saved, null, 2), { mode: 0o600 })
  } catch {
    // No DATA_DIR to write to (a server on another machine): the next run signs in again.
  }
}

/** The newest sign-in code e-mailed to `email` since `since`, from the mail outbox. */
async function readCode(email: string, since: Date): Promise<string> {
  // The code is written by the server a moment before it answers; a copy may need a second look.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const opened = await openDatabaseForReading('gymbase-doors-tap-')
    if (typeof opened === 'string') throw new DoorsTapError(`Cannot read the sign-in code: ${opened}`)
    try {
      const [mail] = await opened.handle.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(and(sql`lower(${mailOutbox.to}) = lower(${email})`, gte(mailOutbox.createdAt, since)))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(1)
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
      if (code) return code
    } finally {
      await opened.release()
    }
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  throw new DoorsTapError(
    `No sign-in code for ${email} reached the mail outbox (is the server using the same DATA_DIR or DATABASE_URL as this terminal?).`,
  )
}

const command: DoorsTapCommand = values.list
  ? { kind: 'list' }
  : {
      kind: 'tap',
      gym: values.gym ?? '',
      door: values.door,
      email: values.email,
      credential: values.credential,
    }

const jar = loadJar()
const api = createConsoleApi({ baseUrl, origin, jar })
try {
  try {
    await fetch(`${baseUrl}/api/health`)
  } catch {
    throw new DoorsTapError(
      `No Gymbase server answers at ${baseUrl}. Start it first (npm start; PORT=${port}), or pass --url: the tap goes through its API.`,
    )
  }
  await signInToConsole(api, { email: values.as, password: values.password, readCode })
  saveJar(jar)
  for (const line of await runDoorsTap(api, command)) console.info(line)
} catch (error) {
  if (error instanceof DoorsTapError) {
    console.error(error.message)
  } else {
    console.error('The tap failed:', error)
  }
  process.exitCode = 1
} finally {
  saveJar(jar)
}
