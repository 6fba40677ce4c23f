import { createFileRoute } from '@tanstack/react-router'
import { SitesPage } from '~/features/system/sites-page'

/** Any host that is neither site: a page linking to both (DESIGN §1). */
export const Route = createFileRoute('/sites/$')({
  head: () => ({ meta: [{ title: 'Gymbase' }] }),
  component: SitesPage,
})
