import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Building2, ChevronDown } from 'lucide-react'
import { useState } from 'react'
import { Button, type Key, ListBox, Popover, Select, SelectValue } from 'react-aria-components'
import { awaitsCode, useLive } from '~/components/ui/before-load'
import { SelectItem } from '~/components/ui/select'
import { toast } from '~/components/ui/toast'
import { focusRing } from '~/components/ui/utils'
import type { SessionUser } from '~/contracts/auth'
import { useSessionStore } from '~/features/auth/session'
import { switchGym } from './shell.functions'

/**
 * SPEC §2.4's gym switcher: only for someone with more than one gym; the user's gyms with a tick on
 * the current one, at most 15rem tall. Choosing one switches on the server, then reloads the current
 * route: the session and every query are fetched again, so the screen shows the new gym's figures.
 */
export function GymSwitcher(props: { user: SessionUser }) {
  const { user } = props
  const queryClient = useQueryClient()
  const sessionStore = useSessionStore()
  const router = useRouter()
  const [pending, setPending] = useState(false)
  // Not yet usable until the page's code runs, as the kit's Select (ADR 058).
  const live = useLive()
  if (user.gyms.length < 2) return null

  async function choose(key: Key | null) {
    const id = Number(key)
    if (!Number.isSafeInteger(id) || id === user.current_gym?.id) return
    setPending(true)
    try {
      const result = await switchGym({ data: { id } })
      if (!result.ok) {
        toast.error(result.message)
        return
      }
      sessionStore.reset()
      await router.invalidate()
      await queryClient.invalidateQueries()
    } finally {
      setPending(false)
    }
  }

  return (
    <Select
      aria-label="Switch gym"
      value={user.current_gym?.id ?? null}
      onChange={choose}
      {...awaitsCode(live, 'wait')}
      isDisabled={pending || !live}
      className="min-w-0 shrink-0"
    >
      <Button
        className={({ isFocusVisible }) =>
          focusRing({
            isFocusVisible,
            className: [
              'flex h-10 max-w-44 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3',
              'text-left text-slate-900 text-sm shadow-xs hover:bg-slate-50 disabled:cursor-progress sm:max-w-60',
            ],
          })
        }
      >
        <Building2 aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
        <SelectValue className="min-w-0 flex-1 truncate" />
        <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-slate-600" />
      </Button>
      <Popover className="min-w-(--trigger-width) rounded-md border border-slate-200 bg-white shadow-lg outline-none">
        <ListBox items={user.gyms} className="max-h-[15rem] overflow-auto p-1 outline-none">
          {(gym) => <SelectItem id={gym.id}>{gym.name}</SelectItem>}
        </ListBox>
      </Popover>
    </Select>
  )
}
