import { Page } from './page'

/** Both sites' not-found page. A plain link: `/` is the site's own start on whichever host we are. */
export function NotFound() {
  return (
    <Page title="Page not found" narrow>
      <p className="text-slate-600">The page you asked for doesn't exist, or has moved.</p>
      <a
        href="/"
        className="mt-6 inline-flex rounded-md bg-accent-600 px-4 py-2 font-medium text-white outline-offset-2 hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600"
      >
        Go to the start
      </a>
    </Page>
  )
}
