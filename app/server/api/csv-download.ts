import type { Context } from 'hono'
import type { StaffCaller } from '~/access/caller.server'
import type { GymScope } from '~/access/scope.server'
import { calendarDateAt } from '~/server/billing/calendar'
import { recordAudit } from '~/server/services/audit/record-audit.server'
import type { ApiEnv } from './context'

/**
 * A list's export as a CSV download (members, payments, visits): the header at once, then each batch
 * `write` is handed as the list reads it, so the file streams and the server's memory stays flat
 * however long the list. A byte-order mark first, so a spreadsheet opens the file as UTF-8 (names with
 * macrons). The file is named by the list, the caller's scope and the day: `payments-all-gyms-2026-11-26.csv`.
 * A failure after the header aborts the download (the browser reports it) rather than ending a short file.
 * Every export is audited first (`<list>.exported`, who and with which filters).
 */
export async function csvDownload(
  c: Context<ApiEnv>,
  options: {
    list: 'members' | 'payments' | 'visits'
    caller: StaffCaller
    /** The filters as the caller sent them, for the audit line. */
    filters: Record<string, unknown>
    scope: GymScope
    header: string
    rows: (write: (text: string) => Promise<void>) => Promise<void>
  },
) {
  await recordAudit(c.var.database.db, {
    organisationId: options.caller.organisationId,
    actorUserId: options.caller.user.id,
    action: `${options.list}.exported`,
    subjectType: options.list,
    changes: { filters: { ...options.filters } },
  })

  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const writer = writable.getWriter()
  const encoder = new TextEncoder()
  const write = async (text: string) => {
    await writer.ready
    await writer.write(encoder.encode(text))
  }
  void (async () => {
    try {
      await write(`\uFEFF${options.header}`)
      await options.rows(write)
      await writer.close()
    } catch (error) {
      await writer.abort(error).catch(() => undefined)
    }
  })()

  const { scope } = options
  const gymPart = scope.wholeOrganisation ? 'all-gyms' : `gyms-${scope.gymIds.join('-')}`
  const fileName = `${options.list}-${gymPart}-${calendarDateAt(c.var.now)}.csv`
  return c.body(readable, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'no-store',
  })
}
