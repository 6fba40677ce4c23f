import type { ReactNode } from 'react'
import { Page } from '~/components/page'
import { linkStyles } from '~/components/ui/link'

const LAST_UPDATED = { iso: '2026-11-22', text: '22 November 2026' }

const sections = [
  { id: 'who-we-are', title: 'Who we are' },
  { id: 'what-we-collect', title: 'What we collect' },
  { id: 'why-we-use-it', title: 'Why we use it' },
  { id: 'who-we-share-it-with', title: 'Who we share it with' },
  { id: 'storage-and-security', title: 'How we keep it safe' },
  { id: 'how-long-we-keep-it', title: 'How long we keep it' },
  { id: 'your-rights', title: 'Seeing and correcting your information' },
  { id: 'privacy-breaches', title: 'If something goes wrong' },
  { id: 'cookies', title: 'Cookies' },
  { id: 'children', title: 'Children and young people' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact us' },
] as const

type SectionId = (typeof sections)[number]['id']

const link = linkStyles()

/** The privacy policy both sites link to, written for the Privacy Act 2020 and its 13 principles. */
export function PrivacyPolicyPage() {
  return (
    <Page
      title="Privacy policy"
      description="How Gymbase collects, uses and looks after personal information."
    >
      <article className="max-w-prose text-base text-slate-700 leading-7">
        <p className="text-slate-600 text-sm">
          Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.text}</time>
        </p>

        <p className="mt-4">
          This policy explains what personal information Gymbase handles, why, who sees it and what you can do
          about it. It follows the Privacy Act 2020 and its 13 information privacy principles (IPPs). We have
          tried to keep it in plain English; if anything is unclear, please{' '}
          <a className={link} href="#contact">
            ask us
          </a>
          .
        </p>

        <nav
          aria-labelledby="privacy-contents"
          className="mt-8 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="privacy-contents" className="font-semibold text-base text-slate-900">
            On this page
          </h2>
          <ol className="mt-3 list-decimal space-y-1 pl-6 marker:text-slate-500">
            {sections.map((section) => (
              <li key={section.id}>
                <a className={link} href={`#${section.id}`}>
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <Section id="who-we-are">
          <p>
            Gymbase Limited (“Gymbase”, “we”, “us”) is a New Zealand company. We provide software that gyms
            use to sign up members, run memberships, take payments and control door access.
          </p>
          <H3>If you are a gym member</H3>
          <p>
            The gym you join collects your information and is responsible for it: under the Privacy Act the
            gym is the agency that holds it. Gymbase stores and processes it on the gym’s behalf and only on
            its instructions (section 11 of the Act), and we don’t use it for our own purposes. Each gym
            organisation only sees its own members. You can ask your gym or us about your information, and we
            will work with your gym to answer you.
          </p>
          <H3>If you are a gym’s staff member</H3>
          <p>
            When you use the Gymbase console we hold your own account information: your name, email address,
            role, sign-in and two-factor details, and a record of the changes you make. We are responsible for
            that information, together with the gym organisation that gave you access.
          </p>
        </Section>

        <Section id="what-we-collect">
          <p>
            We collect information from you when you join a gym or use Gymbase, from your gym, and from the
            services that take payments and run the doors. We only collect what is needed for the purposes
            below (IPP 1).
          </p>
          <H3>About members</H3>
          <List>
            <li>
              <strong>Identity and contact details</strong>: your name, email address, mobile number, home
              address and date of birth, and your notification preferences.
            </li>
            <li>
              <strong>An emergency contact</strong>: the name, relationship, mobile number and email address
              of someone to call if you are hurt or unwell at the gym. Please let them know you have given us
              their details.
            </li>
            <li>
              <strong>Your photo</strong>, so gym staff can recognise you and check that the person using a
              membership is its owner.
            </li>
            <li>
              <strong>Confidence and experience answers</strong>: some gyms ask how confident you feel
              exercising and what experience you have, so their staff can support you. These answers can touch
              on your health, so we treat them as sensitive and only the gym’s staff can see them.
            </li>
            <li>
              <strong>How you heard about the gym</strong>.
            </li>
            <li>
              <strong>Membership and payment records</strong>: the membership you chose, its price, start and
              billing dates, pauses, cancellations and any reasons you give for cancelling, each payment and
              whether it succeeded, and notes gym staff add to your record.
            </li>
            <li>
              <strong>Bank account details</strong>, if you pay from a bank account. You connect your bank
              through Akahu, a New Zealand open banking provider, which passes us your account name and
              number. We never see your internet banking login or password.
            </li>
            <li>
              <strong>Card details</strong>, if you pay by card. You enter them into a form provided by
              Stripe, our card payment provider, and Stripe holds them. Gymbase never receives or stores your
              full card number or security code; we keep only what Stripe gives back: the card type, last four
              digits, expiry date and issuing country.
            </li>
            <li>
              <strong>Door access and visit records</strong>: your access credential and, from the gym’s
              access control system (Kisi), a record of each visit: which gym, when, and whether the door
              opened.
            </li>
          </List>
          <H3>Collected automatically</H3>
          <List>
            <li>
              <strong>Device and log data</strong>: your IP address, browser and device type, the pages you
              request and when, and any errors, which we use to keep the service secure and working.
            </li>
            <li>
              <strong>Cookies</strong> that keep you signed in (see{' '}
              <a className={link} href="#cookies">
                Cookies
              </a>
              ).
            </li>
          </List>
        </Section>

        <Section id="why-we-use-it">
          <p>We and your gym use your information to:</p>
          <List>
            <li>set up and run your membership, including pauses, changes and cancellations;</li>
            <li>take payments and keep accurate financial records;</li>
            <li>let you into the gym and keep a record of visits;</li>
            <li>keep people safe, for example by contacting your emergency contact if you need help;</li>
            <li>
              send you messages about your membership and account, such as receipts, failed payments and
              password resets;
            </li>
            <li>keep Gymbase secure, prevent fraud and fix problems;</li>
            <li>meet our legal obligations, such as tax record-keeping.</li>
          </List>
          <p className="mt-4">
            We don’t sell personal information, we don’t use it to build advertising profiles, and we don’t
            use it for anything unrelated to these purposes without your agreement or unless the law allows it
            (IPP 10).
          </p>
        </Section>

        <Section id="who-we-share-it-with">
          <p>We only share your information with:</p>
          <List>
            <li>
              <strong>the gym you join</strong>, and its staff who need it for their work;
            </li>
            <li>
              <strong>payment providers</strong>: Stripe for card payments and Akahu for bank account
              connections and payments;
            </li>
            <li>
              <strong>Kisi</strong>, the access control service that opens the gym’s doors;
            </li>
            <li>
              <strong>service providers</strong> that host Gymbase, deliver its emails and report faults, who
              may only use the information to provide their service to us;
            </li>
            <li>
              <strong>others where the law requires or allows it</strong>, for example in answer to a lawful
              request from the Police or a government agency, or to prevent a serious threat to someone’s life
              or health (IPP 11).
            </li>
          </List>
          <H3>Outside New Zealand</H3>
          <p>
            Some of these providers, such as Stripe and Kisi, store or process information outside New
            Zealand, including in the United States. Where that is a disclosure under IPP 12, we only make it
            when the recipient is required, by the law that applies to it or by its contract with us, to
            protect the information in a way that gives comparable safeguards to the Privacy Act.
          </p>
        </Section>

        <Section id="storage-and-security">
          <p>We take reasonable steps to protect personal information from loss and misuse (IPP 5):</p>
          <List>
            <li>information travels between your device and Gymbase encrypted (HTTPS);</li>
            <li>passwords are stored only as argon2id hashes, so nobody, including us, can read them;</li>
            <li>staff sign in to the console with a second factor as well as their password;</li>
            <li>staff see only the gyms and information their role allows;</li>
            <li>an audit log records who changed what in members’ records, and when.</li>
          </List>
          <p className="mt-4">
            No system is perfectly secure, so please keep your password to yourself and tell us or your gym if
            you think your account has been misused.
          </p>
        </Section>

        <Section id="how-long-we-keep-it">
          <p>We keep personal information only as long as it is needed (IPP 9):</p>
          <List>
            <li>your details and membership records, for as long as you are a member;</li>
            <li>
              after that, financial records such as payments and invoices for 7 years, as the Tax
              Administration Act 1994 requires;
            </li>
            <li>your photo and door access credentials are removed when your membership is cancelled;</li>
            <li>
              other information, such as device and log data, only for as long as we need it for security and
              fixing problems, after which it is deleted or made anonymous.
            </li>
          </List>
        </Section>

        <Section id="your-rights">
          <H3>Seeing your information</H3>
          <p>You can ask for a copy of the personal information we or your gym hold about you (IPP 6).</p>
          <H3>Correcting it</H3>
          <p>
            You can ask us to correct information that is wrong (IPP 7). Your gym can also update most of your
            details for you. If we don’t agree to a correction, we will tell you why, and you can ask us to
            keep a statement of the correction you asked for with your information.
          </p>
          <H3>How to ask</H3>
          <p>
            Email{' '}
            <a className={link} href="mailto:privacy@gymbase.nz">
              privacy@gymbase.nz
            </a>{' '}
            or ask your gym. We may need to confirm who you are before we act on a request. We will respond as
            soon as we reasonably can, and no later than 20 working days after we receive it. If we can’t give
            you some information, we will tell you the reason. There is no charge for a request.
          </p>
          <H3>Complaints</H3>
          <p>
            If you are unhappy with how we or your gym have handled your information, please tell us first and
            we will try to put it right. You can also complain to the Office of the Privacy Commissioner at{' '}
            <a className={link} href="https://www.privacy.org.nz" rel="noopener">
              privacy.org.nz
            </a>{' '}
            or on{' '}
            <a className={link} href="tel:0800803909">
              0800 803 909
            </a>
            .
          </p>
        </Section>

        <Section id="privacy-breaches">
          <p>
            If a privacy breach happens that has caused, or is likely to cause, serious harm to anyone, we
            (working with your gym where it involves members) will notify the people affected and the Privacy
            Commissioner as soon as practicable, as the Privacy Act requires. We will tell you what happened,
            what we are doing about it and what you can do to protect yourself.
          </p>
        </Section>

        <Section id="cookies">
          <p>Gymbase uses only the cookies it needs to work:</p>
          <List>
            <li>a session cookie that keeps you signed in;</li>
            <li>
              a remember-this-browser cookie, if you choose it when signing in with a second factor, so you
              are not asked for a code every time on that browser.
            </li>
          </List>
          <p className="mt-4">We don’t use advertising, analytics or tracking cookies.</p>
        </Section>

        <Section id="children">
          <p>
            Members under 16 join with the consent of a parent or guardian. Gyms may set their own age rules,
            such as a higher minimum age, and their own conditions for young members.
          </p>
        </Section>

        <Section id="changes">
          <p>
            We may update this policy when our service or the law changes. We will change the date at the top
            and, if a change is significant, let members and staff know before it takes effect.
          </p>
        </Section>

        <Section id="contact">
          <p>Questions or requests about privacy go to our Privacy Officer:</p>
          <address className="mt-4 not-italic">
            Privacy Officer, Gymbase Limited
            <br />
            PO Box 5000, Auckland 1141
            <br />
            <a className={link} href="mailto:privacy@gymbase.nz">
              privacy@gymbase.nz
            </a>
          </address>
        </Section>
      </article>
    </Page>
  )
}

function Section(props: { id: SectionId; children: ReactNode }) {
  const title = sections.find((section) => section.id === props.id)?.title
  return (
    <section aria-labelledby={props.id} className="mt-10">
      <h2 id={props.id} className="scroll-mt-6 font-semibold text-slate-900 text-xl tracking-tight">
        {title}
      </h2>
      <div className="mt-3">{props.children}</div>
    </section>
  )
}

function H3(props: { children: ReactNode }) {
  return <h3 className="mt-6 mb-2 font-semibold text-base text-slate-900">{props.children}</h3>
}

function List(props: { children: ReactNode }) {
  return <ul className="mt-2 list-disc space-y-2 pl-6 marker:text-slate-400">{props.children}</ul>
}
