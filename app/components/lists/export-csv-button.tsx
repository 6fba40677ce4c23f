import { Download } from 'lucide-react'
import { useState } from 'react'
import type { z } from 'zod'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import { apiUrl } from '~/lib/api-path'

/** A list's export endpoint: a route object of app/contracts/api taking the list's filters as JSON. */
export interface ExportRoute {
  method: string
  path: string
  request?: { body?: { content: { 'application/json': { schema: z.ZodType } } } }
}

/**
 * Exports exactly the filtered list (the route object's endpoint, e.g. `memberRoutes.export`, with the
 * address's filters as its body) and saves it as a file. The file streams in: the button counts the
 * rows received against the list's total, so a long export shows it is moving, and stays busy (a
 * second press does nothing) until it is saved.
 */
export function ExportCsvButton(props: {
  route: ExportRoute
  /** The list's address: its filters and sort are sent, its page left out. */
  filters: { page?: number | undefined }
  total: number
  noun: { one: string; many: string }
}) {
  const [received, setReceived] = useState<number | null>(null)
  const busy = received !== null
  const { page: _page, ...filters } = props.filters

  async function exportRows() {
    setReceived(0)
    try {
      const response = await fetch(apiUrl(props.route), {
        method: props.route.method.toUpperCase(),
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          Accept: 'text/csv',
        },
        body: JSON.stringify(filters),
      })
      if (!response.ok || !response.body) throw new Error(await refusal(response))
      const parts: Uint8Array<ArrayBuffer>[] = []
      let lines = 0
      const reader = response.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
        for (const byte of value) if (byte === 10) lines += 1
        // The header is the first line.
        setReceived(Math.max(0, lines - 1))
      }
      const rows = Math.max(0, lines - 1)
      save(new Blob(parts, { type: 'text/csv' }), fileNameOf(response) ?? 'export.csv')
      toast.success(
        `Exported ${rows.toLocaleString('en-NZ')} ${rows === 1 ? props.noun.one : props.noun.many}`,
      )
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export could not be downloaded. Try again.')
    } finally {
      setReceived(null)
    }
  }

  return (
    <Button variant="secondary" isPending={busy} onPress={exportRows} isDisabled={props.total === 0}>
      <Download aria-hidden="true" className="size-4" />
      {busy
        ? `Exporting ${received.toLocaleString('en-NZ')} of ${props.total.toLocaleString('en-NZ')}…`
        : 'Export CSV'}
    </Button>
  )
}

async function refusal(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json()
    if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
      return body.message
    }
  } catch {
    // Not JSON: the words below.
  }
  return 'The export could not be downloaded. Try again.'
}

function fileNameOf(response: Response): string | undefined {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1]
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
