import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { useState } from 'react'
import { Switch } from '~/components/ui/switch'
import { toast } from '~/components/ui/toast'
import { orConnectionLost } from '~/features/join/connection-lost'
import { setStaffDoorAccess } from './doors.functions'

/**
 * Door access for a staff member (issue 17, ADR 029): the doors of the gyms they work at (every gym's
 * for organisation admins), reaching the door system within seconds.
 */
export function StaffDoorAccessSwitch(props: { staffId: number; enabled: boolean; isDisabled?: boolean }) {
  const queryClient = useQueryClient()
  const save = useServerFn(setStaffDoorAccess)
  const [pending, setPending] = useState(false)
  async function change(enabled: boolean) {
    setPending(true)
    const result = await orConnectionLost(() => save({ data: { id: props.staffId, enabled } }))
    setPending(false)
    if (!result.ok) return toast.error(result.message)
    await queryClient.invalidateQueries({ queryKey: ['staff'] })
    toast.success(
      enabled
        ? 'Door access is on: their gyms’ doors open for them.'
        : 'Door access is off: the doors stay shut for them.',
    )
  }
  return (
    <Switch
      isSelected={props.enabled}
      isDisabled={pending || props.isDisabled}
      onChange={(enabled) => void change(enabled)}
      description="Opens the doors of the gyms they work at."
    >
      Door access
    </Switch>
  )
}
