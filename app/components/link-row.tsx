import { Copy } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import { formatDate } from '~/lib/dates'

/** A join link: its address, a status, when it was made, and a copy button while it still works. */
export function LinkRow(props: { url: string; createdAt: string; status: ReactNode; copyable?: boolean }) {
  return (
    <li className="flex flex-col gap-2 rounded-md bg-slate-50 p-3 sm:flex-row sm:items-center">
      <code className="min-w-0 flex-1 truncate text-slate-800 text-xs" title={props.url}>
        {props.url}
      </code>
      <div className="flex flex-wrap items-center gap-2">
        {props.status}
        <span className="text-slate-600 text-xs">Created {formatDate(props.createdAt)}</span>
        {props.copyable === false ? null : <CopyButton text={props.url} label="Copy link" />}
      </div>
    </li>
  )
}

function CopyButton(props: { text: string; label: string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onPress={async () => {
        try {
          await navigator.clipboard.writeText(props.text)
          toast.success('Link copied')
        } catch {
          toast.error('Your browser didn’t allow copying. Select the link and copy it instead.')
        }
      }}
    >
      <Copy aria-hidden="true" className="size-4" />
      {props.label}
    </Button>
  )
}
