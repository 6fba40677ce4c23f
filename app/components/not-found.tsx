import { Link, useLocation } from '@tanstack/react-router'
import { siteOfInternalPath } from '~/lib/sites'
import { Page } from './page'

/** Both sites' not-found page, linking back to the start of whichever site we are on. */
export function NotFound() {
  const site = siteOfInternalPath(useLocation().pathname)
  const start = site === 'join' ? '/join' : site === 'console' ? '/console' : '/sites/$'
  return (
    <Page title="Page not found" narrow>
      <p className="text-slate-600">The page you asked for doesn't exist, or has moved.</p>
      <Link
        to={start}
        className="mt-6 inline-flex rounded-md bg-accent-600 px-4 py-2 font-medium text-white outline-offset-2 hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        Go to the start
      </Link>
    </Page>
  )
}
