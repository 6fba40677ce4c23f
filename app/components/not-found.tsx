import { Link, useLocation } from '@tanstack/react-router'
import { siteOfInternalPath } from '~/lib/sites'
import { Page } from './page'

/** The server's sentence a not-found carries (`notFound({ data: { message } })`), if any. */
function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined
  return typeof data.message === 'string' && data.message !== '' ? data.message : undefined
}

function titleOf(data: unknown): string {
  if (typeof data !== 'object' || data === null || !('title' in data)) return 'Page not found'
  return typeof data.title === 'string' && data.title !== '' ? data.title : 'Page not found'
}

/**
 * Both sites' not-found page, linking back to the start of whichever site we are on. A record a screen
 * asked for that doesn't exist (or isn't the caller's) says which, in the server's words.
 */
export function NotFound(props: { data?: unknown }) {
  const site = siteOfInternalPath(useLocation().pathname)
  const start = site === 'join' ? '/join' : site === 'console' ? '/console' : '/sites/$'
  const message = messageOf(props.data)
  return (
    <Page title={titleOf(props.data)} narrow>
      {message ? (
        <p role="alert" className="text-slate-700">
          {message}
        </p>
      ) : (
        <p className="text-slate-600">The page you asked for doesn't exist, or has moved.</p>
      )}
      <Link
        to={start}
        className="mt-6 inline-flex rounded-md bg-accent-600 px-4 py-2 font-medium text-white outline-offset-2 hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        Go to the start
      </Link>
    </Page>
  )
}
