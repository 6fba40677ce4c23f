import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { createColumnHelper } from '@tanstack/react-table'
import { BadgeCheck, CreditCard, DoorOpen, Landmark, Plug, UserCog, Users } from 'lucide-react'
import { Fact, FactsCard } from '~/components/fact'
import { GymLogo } from '~/components/gym-logo'
import { ListPage } from '~/components/lists/list-page'
import type { ListColumnMeta, ListFeatures } from '~/components/lists/sortable-table'
import { Page } from '~/components/page'
import { Alert } from '~/components/ui/alert'
import { Card } from '~/components/ui/card'
import { linkStyles } from '~/components/ui/link'
import { type Gym, type GymProviders, staffRoleWords } from '~/contracts/gyms'
import { GymDoorsCard } from '~/features/doors/gym-doors'
import { formatDate } from '~/lib/dates'
import { AddGymButton } from './add-gym-form'
import { CardPayments, ConnectCardPaymentsButton } from './card-payments'
import { DestinationAccountButton } from './destination-account-form'
import { GymContactCard } from './gym-contact'
import { GymLogoUpload } from './gym-logo-upload'
import { gymQueries } from './queries'

export const gymsDescription =
  'Your organisation’s gyms: who works there, how many members, and where the money goes.'

const count = (value: number) => value.toLocaleString('en-NZ')

/** The caller's role at a gym in words; none is "--" (SPEC §3). */
export const roleWords = (gym: Gym) => (gym.role ? staffRoleWords[gym.role] : '--')

/** gyms.index (issue 17): every gym of the organisation, with its size and how its money is set up. */
export function GymsPage() {
  const { data: gyms } = useSuspenseQuery(gymQueries.list())
  return (
    <ListPage
      title="Gyms"
      description={gymsDescription}
      actions={<AddGymButton />}
      noun={{ one: 'gym', many: 'gyms' }}
      search={{}}
      page={{ data: gyms }}
      columns={columns}
    />
  )
}

const column = createColumnHelper<ListFeatures, Gym>()

const columns = column.columns([
  column.accessor('name', {
    header: 'Gym',
    cell: (info) => {
      const gym = info.row.original
      return (
        <span className="flex items-center gap-3">
          <GymLogo src={gym.logo} name={gym.name} />
          <span className="min-w-0">
            <Link
              to="/console/gyms/$id"
              params={{ id: gym.id }}
              className={linkStyles({ className: 'font-medium' })}
            >
              {gym.name}
            </Link>
            <span className="block text-slate-600 text-xs md:hidden">
              {count(gym.staff_count)} staff · your role {roleWords(gym)}
            </span>
          </span>
        </span>
      )
    },
  }),
  column.accessor('members_count', {
    header: 'Members',
    meta: { align: 'end' } satisfies ListColumnMeta,
    cell: (info) => count(info.getValue()),
  }),
  column.accessor('staff_count', {
    header: 'Staff',
    meta: { align: 'end', hideBelow: 'sm' } satisfies ListColumnMeta,
    cell: (info) => count(info.getValue()),
  }),
  column.display({
    id: 'role',
    header: 'Your role',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => roleWords(info.row.original),
  }),
  column.display({
    id: 'card_payments',
    header: 'Card payments',
    meta: { hideBelow: 'md' } satisfies ListColumnMeta,
    cell: (info) => <CardPayments gym={info.row.original} />,
  }),
  column.accessor('destination_account', {
    header: 'Bank payments into',
    meta: { hideBelow: 'lg' } satisfies ListColumnMeta,
    cell: (info) => {
      const account = info.getValue()
      return account ? (
        <span className="whitespace-nowrap tabular-nums">{account.bank_account_number}</span>
      ) : (
        <span className="text-slate-600">Not set</span>
      )
    },
  }),
])

/**
 * Whether people can find and join the gym on the join site (issue 25): a gym is listed only once it
 * can sell, and until then the page says what is missing, in words.
 */
function JoinSiteNotice(props: { gym: Gym }) {
  const { join_site: joinSite, name } = props.gym
  if (joinSite.listed) {
    return (
      <Alert tone="success" className="md:col-span-2">
        On the join site: people can find {name} and join online.
      </Alert>
    )
  }
  const [first = '', ...rest] = joinSite.missing
  const missingWords = [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join('; ')
  return (
    <Alert tone="info" title="Not on the join site yet" className="md:col-span-2">
      <p>
        {missingWords}. Until then people can’t find {name} on the join site or sign up there.
      </p>
      {joinSite.missing.some((item) => item.includes('price')) ? (
        <p className="mt-1">
          <Link to="/console/offerings" className={linkStyles()}>
            Go to offerings
          </Link>
        </p>
      ) : null}
    </Alert>
  )
}

const providerNames: Record<string, string> = { stripe: 'Stripe', akahu: 'Akahu', kisi: 'Kisi' }

/** "Stripe, live" / "Sandbox, test: no real money moves" — which provider, and whether it is for real. */
function providerWords(choice: GymProviders[keyof GymProviders], sandboxMeans: string): string {
  if (choice.provider === 'sandbox') return `Sandbox, test: ${sandboxMeans}`
  return `${providerNames[choice.provider] ?? choice.provider}, ${choice.mode === 'live' ? 'live' : 'test mode'}`
}

/** Which providers the gym's payments and doors go through (issue 26). */
function GymProvidersCard(props: { providers: GymProviders }) {
  const { providers } = props
  return (
    <Card className="md:col-span-2">
      <h2 className="font-semibold text-slate-900">Providers</h2>
      <dl aria-label="Providers" className="mt-3 grid gap-3 md:grid-cols-3">
        <Fact label="Cards" icon={CreditCard}>
          {providerWords(providers.cards, 'no real money moves')}
        </Fact>
        <Fact label="Bank payments" icon={Landmark}>
          {providerWords(providers.bank, 'no real money moves')}
        </Fact>
        <Fact label="Doors" icon={DoorOpen}>
          {providerWords(providers.doors, 'no real door opens')}
        </Fact>
      </dl>
      <p className="mt-3 flex items-center gap-2 text-slate-600 text-sm">
        <Plug aria-hidden="true" className="size-4" />
        Set by Gymbase’s configuration for every gym of the organisation.
      </p>
    </Card>
  )
}

/** gyms.show (issue 17): one gym — its size, the caller's role, and how its money is set up. */
export function GymPage(props: { id: number; organisationId: number }) {
  const { data: gym } = useSuspenseQuery(gymQueries.gym(props.id))
  return (
    <Page title={gym.name} description={`Opened in Gymbase on ${formatDate(gym.created_at)}.`}>
      <div className="grid gap-4 md:grid-cols-2">
        <JoinSiteNotice gym={gym} />
        <Card>
          <h2 className="font-semibold text-slate-900">Logo</h2>
          <div className="mt-3">
            <GymLogoUpload gym={gym} />
          </div>
        </Card>
        <GymContactCard gym={gym} />
        <FactsCard title="People">
          <Fact label="Members" icon={Users}>
            <Link to="/console/members" search={{ gym_id: gym.id }} className={linkStyles()}>
              {count(gym.members_count)} {gym.members_count === 1 ? 'member' : 'members'}
            </Link>
          </Fact>
          <Fact label="Staff with a role here" icon={UserCog}>
            {count(gym.staff_count)}
          </Fact>
          <Fact label="Your role here" icon={BadgeCheck}>
            {roleWords(gym)}
          </Fact>
        </FactsCard>
        <Card>
          <h2 className="font-semibold text-slate-900">Money</h2>
          <dl className="mt-3 flex flex-col gap-3">
            <Fact label="Card payments" icon={CreditCard}>
              <CardPayments gym={gym} />
            </Fact>
          </dl>
          <div className="mt-3 ml-8">
            <ConnectCardPaymentsButton gym={gym} />
          </div>
          <dl className="mt-5 flex flex-col gap-3 border-slate-200 border-t pt-4">
            <Fact label="Bank payments are paid into" icon={Landmark}>
              {gym.destination_account ? (
                <>
                  {gym.destination_account.name}{' '}
                  <span className="whitespace-nowrap tabular-nums">
                    {gym.destination_account.bank_account_number}
                  </span>
                </>
              ) : (
                'No account set'
              )}
            </Fact>
          </dl>
          <div className="mt-3 ml-8">
            <DestinationAccountButton gym={gym} />
          </div>
        </Card>
        <GymDoorsCard gymId={gym.id} gymName={gym.name} organisationId={props.organisationId} />
        <GymProvidersCard providers={gym.providers} />
      </div>
    </Page>
  )
}
