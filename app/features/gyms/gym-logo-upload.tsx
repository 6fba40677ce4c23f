import { useQueryClient } from '@tanstack/react-query'
import { useServerFn } from '@tanstack/react-start'
import { ImageUp } from 'lucide-react'
import { useState } from 'react'
import { FileTrigger } from 'react-aria-components'
import { GymLogo } from '~/components/gym-logo'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { toast } from '~/components/ui/toast'
import type { Gym } from '~/contracts/gyms'
import { orConnectionLost } from '~/features/join/connection-lost'
import { uploadGymLogo } from './gyms.functions'

const acceptedTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'image/heif', 'image/avif']

/**
 * The gym's logo on its page (issue 17): shown as members see it on the join site, changed by choosing
 * a file. The file is checked by the API by its content; a refusal says why, in words, next to it.
 */
export function GymLogoUpload(props: { gym: Gym }) {
  const queryClient = useQueryClient()
  const upload = useServerFn(uploadGymLogo)
  const [pending, setPending] = useState(false)
  const [problem, setProblem] = useState<string>()

  async function send(file: File) {
    if (pending) return
    setPending(true)
    setProblem(undefined)
    const form = new FormData()
    form.set('gym_id', String(props.gym.id))
    form.set('collection', 'logo')
    form.set('file', file, file.name)
    const result = await orConnectionLost(() => upload({ data: form }))
    setPending(false)
    if (!result.ok) {
      setProblem(result.errors.file?.[0] ?? result.errors.collection?.[0] ?? result.message)
      return
    }
    await queryClient.invalidateQueries({ queryKey: ['gyms'] })
    toast.success(`${props.gym.name}’s logo is saved.`)
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-4">
        <GymLogo
          src={props.gym.logo}
          name={props.gym.name}
          size="lg"
          label={props.gym.logo ? `${props.gym.name}’s logo` : `${props.gym.name} has no logo yet`}
        />
        <div className="flex min-w-0 flex-col items-start gap-2">
          <FileTrigger
            acceptedFileTypes={acceptedTypes}
            onSelect={(files) => {
              const file = files?.[0]
              if (file) void send(file)
            }}
          >
            <Button beforeLoad="wait" variant="secondary" size="sm" isPending={pending}>
              <ImageUp aria-hidden="true" className="size-4" />
              {props.gym.logo ? 'Change logo' : 'Upload logo'}
            </Button>
          </FileTrigger>
          <p className="text-slate-600 text-sm">PNG, JPEG or WebP, up to 5 MB. Shown on the join site.</p>
        </div>
      </div>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
    </div>
  )
}
