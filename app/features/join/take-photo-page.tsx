import { useNavigate } from '@tanstack/react-router'
import { Camera, ImageUp, RotateCcw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { FileTrigger } from 'react-aria-components'
import { Alert } from '~/components/ui/alert'
import { Button } from '~/components/ui/button'
import { AuthFrame } from '~/features/auth/auth-frame'
import { nextRegistrationStep } from '~/features/auth/guards'
import { useSessionStore } from '~/features/auth/session'
import { uploadProfilePicture } from './join.functions'
import { JoinSteps } from './join-steps'

/** What the browser may send: the server checks the content whatever the name says (ADR 022). */
const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif']

type Stage =
  | { kind: 'choose' }
  | { kind: 'camera'; stream: MediaStream }
  | { kind: 'preview'; photo: Blob; url: string }

/**
 * register.take-photo (SPEC §2.1): the photo the gym's staff see at the door. The device's camera with
 * a live preview, capture and retake; a file as the fallback (on a phone it offers the camera too);
 * a preview before it is sent. The server keeps it upright, small and without its location.
 */
export function TakePhotoPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'choose' })
  const [message, setMessage] = useState<string>()
  const [sending, setSending] = useState(false)
  const navigate = useNavigate()
  const sessionStore = useSessionStore()

  // A camera left on or a preview's memory is let go when the stage changes or the page goes.
  useEffect(() => {
    return () => {
      if (stage.kind === 'camera') for (const track of stage.stream.getTracks()) track.stop()
      if (stage.kind === 'preview') URL.revokeObjectURL(stage.url)
    }
  }, [stage])

  async function startCamera() {
    setMessage(undefined)
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 1280 } },
        audio: false,
      })
      setStage({ kind: 'camera', stream })
    } catch {
      setMessage('We couldn’t open the camera. Allow it in your browser, or choose a photo instead.')
    }
  }

  function showPreview(photo: Blob) {
    setMessage(undefined)
    setStage({ kind: 'preview', photo, url: URL.createObjectURL(photo) })
  }

  async function send(photo: Blob) {
    if (sending) return
    setSending(true)
    setMessage(undefined)
    const form = new FormData()
    form.set('image', photo, photo instanceof File ? photo.name : 'photo.jpg')
    const result = await uploadProfilePicture({ data: form })
    if (!result.ok) {
      setSending(false)
      setMessage(result.errors?.image?.[0] ?? result.message)
      return
    }
    sessionStore.reset()
    await navigate({ to: nextRegistrationStep(result.data) })
  }

  return (
    <AuthFrame
      title="Add your photo"
      description="The gym’s staff see it when you come in, so they know it’s you. Face the camera in good light."
    >
      <JoinSteps current="photo" />
      {message ? (
        <Alert tone="error" className="mb-4">
          {message}
        </Alert>
      ) : null}
      {stage.kind === 'camera' ? (
        <CameraView
          stream={stage.stream}
          onCapture={showPreview}
          onCancel={() => setStage({ kind: 'choose' })}
        />
      ) : stage.kind === 'preview' ? (
        <div className="flex flex-col gap-4">
          <img
            src={stage.url}
            alt="Your photo, as it will be sent"
            className="aspect-square w-full rounded-lg bg-slate-100 object-cover"
          />
          <Button size="lg" fullWidth isPending={sending} onPress={() => send(stage.photo)}>
            Use this photo
          </Button>
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            isDisabled={sending}
            onPress={() => setStage({ kind: 'choose' })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Retake
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {/* This page is a document of its own (its headers allow the camera, ADR 057); a press before its
              code runs is held until it does (ADR 058). */}
          <Button size="lg" fullWidth onPress={startCamera}>
            <Camera aria-hidden="true" className="size-5" />
            Use the camera
          </Button>
          <FileTrigger
            acceptedFileTypes={acceptedTypes}
            defaultCamera="user"
            onSelect={(files) => {
              const file = files?.[0]
              if (file) showPreview(file)
            }}
          >
            <Button beforeLoad="wait" variant="secondary" size="lg" fullWidth>
              <ImageUp aria-hidden="true" className="size-5" />
              Choose a photo
            </Button>
          </FileTrigger>
          <p className="text-slate-600 text-sm">A JPEG, PNG, WebP or HEIC photo of up to 12 MB.</p>
        </div>
      )}
    </AuthFrame>
  )
}

/** The live camera, mirrored like a mirror, and the button that takes the picture. */
function CameraView(props: { stream: MediaStream; onCapture: (photo: Blob) => void; onCancel: () => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [ready, setReady] = useState(false)

  useEffect(() => {
    const element = video.current
    if (!element) return
    element.srcObject = props.stream
    void element.play().catch(() => {})
  }, [props.stream])

  function capture() {
    const element = video.current
    if (!element || element.videoWidth === 0) return
    // A square from the middle of the frame: what the preview shows.
    const side = Math.min(element.videoWidth, element.videoHeight)
    const canvas = document.createElement('canvas')
    canvas.width = side
    canvas.height = side
    canvas
      .getContext('2d')
      ?.drawImage(
        element,
        (element.videoWidth - side) / 2,
        (element.videoHeight - side) / 2,
        side,
        side,
        0,
        0,
        side,
        side,
      )
    canvas.toBlob((blob) => (blob ? props.onCapture(blob) : undefined), 'image/jpeg', 0.9)
  }

  return (
    <div className="flex flex-col gap-4">
      <video
        ref={video}
        muted
        playsInline
        onLoadedData={() => setReady(true)}
        aria-label="Camera preview"
        className="aspect-square w-full -scale-x-100 rounded-lg bg-slate-900 object-cover"
      />
      <Button size="lg" fullWidth isDisabled={!ready} onPress={capture}>
        <Camera aria-hidden="true" className="size-5" />
        Take photo
      </Button>
      <Button variant="secondary" size="lg" fullWidth onPress={props.onCancel}>
        Cancel
      </Button>
    </div>
  )
}
