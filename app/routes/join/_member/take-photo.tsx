import { createFileRoute } from '@tanstack/react-router'
import { TakePhotoPage } from '~/features/join/take-photo-page'

/** register.take-photo: the member's photo, by camera or file (SPEC §2.1; issue 14). */
export const Route = createFileRoute('/join/_member/take-photo')({
  head: () => ({ meta: [{ title: 'Add your photo · Gymbase' }] }),
  component: TakePhotoPage,
})
