import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { Pool } from 'pg'

/**
 * The PostgreSQL server `npm run chaos` works on, through one admin connection: every database it makes
 * is named `<prefix>_<run id>_<what>`, copied from a template (`create database … template …`, a file
 * copy, far quicker than migrating and building a fixture again) and dropped when done.
 */
export class ChaosDatabases {
  private readonly admin: Pool
  private readonly made = new Set<string>()
  readonly prefix: string

  constructor(
    readonly adminUrl: string,
    prefix = 'chaos',
  ) {
    this.admin = new Pool({ connectionString: adminUrl, max: 1 })
    this.prefix = `${prefix}_${randomBytes(4).toString('hex')}`
  }

  /** The URL of a database of this server. */
  urlOf(name: string): string {
    const url = new URL(this.adminUrl)
    url.pathname = `/${name}`
    return url.toString()
  }

  async create(what: string, template?: string): Promise<{ name: string; url: string }> {
    const name = `${this.prefix}_${what}`
    const from = template ? ` template ${template}` : ''
    // A template's last connection may still be closing (a killed child's backend ends a moment later).
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.admin.query(`create database ${name}${from}`)
        break
      } catch (error) {
        const busy = error instanceof Error && /being accessed by other users/.test(error.message)
        if (!busy || attempt >= 100) throw error
        await sleep(50)
      }
    }
    this.made.add(name)
    return { name, url: this.urlOf(name) }
  }

  async drop(name: string): Promise<void> {
    // Connections a killed process left end on their own within moments; then force the rest.
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const dropped = await this.admin.query(`drop database if exists ${name}`).then(
        () => true,
        () => false,
      )
      if (dropped) break
      await sleep(50)
    }
    await this.admin.query(`drop database if exists ${name} with (force)`)
    this.made.delete(name)
  }

  /** Drops every database this run made, then lets the admin connection go. */
  async close(): Promise<void> {
    for (const name of [...this.made].reverse()) await this.drop(name)
    await this.admin.end()
  }
}
