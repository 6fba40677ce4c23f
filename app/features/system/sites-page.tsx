import { Page } from '~/components/page'
import { getSiteConfig } from '~/lib/site-config'
import { siteUrl } from '~/lib/sites'

export function SitesPage() {
  const config = getSiteConfig()
  const link = (host: string) => siteUrl({ host, protocol: config.protocol, port: config.port })
  const linkClass =
    'block rounded-lg border border-slate-200 bg-white p-5 shadow-sm outline-offset-2 hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600'
  return (
    <Page title="Gymbase" description="Memberships and billing for gyms. Which site are you after?" narrow>
      <ul className="space-y-3">
        <li>
          <a className={linkClass} href={link(config.join)}>
            <span className="block font-semibold text-accent-700">Join a gym</span>
            <span className="block text-slate-600 text-sm">Sign up as a member: {config.join}</span>
          </a>
        </li>
        <li>
          <a className={linkClass} href={link(config.console)}>
            <span className="block font-semibold text-accent-700">Staff console</span>
            <span className="block text-slate-600 text-sm">Run your gyms: {config.console}</span>
          </a>
        </li>
      </ul>
    </Page>
  )
}
