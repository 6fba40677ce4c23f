import type { ConfidenceAndExperience, HearAboutUs } from '~/contracts/enums'
import { addDays, type CalendarDateString } from '~/server/billing/calendar'
import type { Random } from './random'

/**
 * Fake but plausible Auckland people for demo data and tests. Names mix Māori, Pākehā, Pasifika, Asian
 * and Indian names as an Auckland gym's member list would. Addresses are real suburbs with their post
 * codes; e-mail addresses use the reserved example.* domains, so a demo that sends mail reaches nobody.
 */

const firstNames = [
  'Aroha',
  'Mere',
  'Anahera',
  'Kiri',
  'Ngaio',
  'Manaia',
  'Tama',
  'Wiremu',
  'Hemi',
  'Rangi',
  'Nikau',
  'Ariki',
  'Olivia',
  'Charlotte',
  'Isla',
  'Amelia',
  'Harper',
  'Ruby',
  'Mia',
  'Sophie',
  'Grace',
  'Emily',
  'Ella',
  'Zoe',
  'Jack',
  'Oliver',
  'Noah',
  'Leo',
  'George',
  'Charlie',
  'Lucas',
  'Hunter',
  'Mason',
  'Finn',
  'Liam',
  'James',
  'Sione',
  'Losa',
  'Malia',
  'Tevita',
  'Mele',
  'Ioane',
  'Salote',
  'Viliami',
  'Fetu',
  'Talia',
  'Wei',
  'Mei',
  'Jun',
  'Hana',
  'Yuki',
  'Min-jun',
  'Ji-woo',
  'Kai',
  'Lina',
  'Arjun',
  'Priya',
  'Aditi',
  'Rohan',
  'Anika',
  'Vikram',
  'Sanjay',
  'Neha',
  'Sam',
  'Alex',
  'Jordan',
  'Riley',
  'Tom',
  'Ben',
  'Kate',
  'Hannah',
  'Lucy',
] as const

const lastNames = [
  'Ngata',
  'Walker',
  'Parata',
  'Tāwhiri',
  'Te Whata',
  'Rāwiri',
  'Henare',
  'Kereama',
  'Pōtae',
  'Tipene',
  'Smith',
  'Wilson',
  'Brown',
  'Taylor',
  'Williams',
  'Jones',
  'Thompson',
  'Anderson',
  'Campbell',
  'Stewart',
  'Robertson',
  'Murray',
  'Harris',
  'Clarke',
  'Mitchell',
  'Young',
  'King',
  'Hall',
  "O'Connor",
  'McKenzie',
  'Fonoti',
  'Taufa',
  'Faleolo',
  'Tuilagi',
  'Havili',
  'Lauina',
  'Mataele',
  'Vaifale',
  'Leota',
  'Sapolu',
  'Chen',
  'Wang',
  'Li',
  'Zhang',
  'Liu',
  'Kim',
  'Park',
  'Lee',
  'Nguyen',
  'Tanaka',
  'Sato',
  'Patel',
  'Sharma',
  'Singh',
  'Kumar',
  'Reddy',
  'Gupta',
  'Naidu',
  'Prasad',
  'Fernando',
  'Silva',
] as const

export interface Suburb {
  name: string
  postCode: string
  streets: readonly string[]
}

/** Suburbs around each demo gym, so members live near the gym they joined. */
export const suburbsByArea: Record<string, readonly Suburb[]> = {
  ponsonby: [
    {
      name: 'Ponsonby',
      postCode: '1011',
      streets: ['Ponsonby Road', 'Jervois Road', 'Franklin Road', 'Williamson Avenue'],
    },
    {
      name: 'Grey Lynn',
      postCode: '1021',
      streets: ['Great North Road', 'Richmond Road', 'Surrey Crescent', 'Browning Street'],
    },
    {
      name: 'Herne Bay',
      postCode: '1011',
      streets: ['Jervois Road', 'Sarsfield Street', 'Marine Parade', 'Curran Street'],
    },
    {
      name: 'Freemans Bay',
      postCode: '1011',
      streets: ['Hepburn Street', 'Wellington Street', 'Wood Street'],
    },
    { name: 'Westmere', postCode: '1022', streets: ['Garnet Road', 'Motions Road', 'Larchwood Avenue'] },
    { name: 'Arch Hill', postCode: '1021', streets: ['Bond Street', 'Ivanhoe Road', 'Dean Street'] },
  ],
  newmarket: [
    {
      name: 'Newmarket',
      postCode: '1023',
      streets: ['Broadway', 'Khyber Pass Road', 'Remuera Road', 'Davis Crescent'],
    },
    { name: 'Parnell', postCode: '1052', streets: ['Parnell Road', 'St Stephens Avenue', 'Gladstone Road'] },
    {
      name: 'Epsom',
      postCode: '1023',
      streets: ['Manukau Road', 'Gillies Avenue', 'Ranfurly Road', 'Onslow Avenue'],
    },
    {
      name: 'Remuera',
      postCode: '1050',
      streets: ['Victoria Avenue', 'Orakei Road', 'Arney Road', 'Portland Road'],
    },
    {
      name: 'Mount Eden',
      postCode: '1024',
      streets: ['Dominion Road', 'Mount Eden Road', 'Valley Road', 'Balmoral Road'],
    },
    { name: 'Grafton', postCode: '1023', streets: ['Park Road', 'Carlton Gore Road', 'Seafield View Road'] },
  ],
  takapuna: [
    {
      name: 'Takapuna',
      postCode: '0622',
      streets: ['Hurstmere Road', 'Lake Road', 'Anzac Street', 'The Promenade'],
    },
    { name: 'Milford', postCode: '0620', streets: ['Kitchener Road', 'Shakespeare Road', 'East Coast Road'] },
    {
      name: 'Devonport',
      postCode: '0624',
      streets: ['Victoria Road', 'King Edward Parade', 'Church Street'],
    },
    { name: 'Hauraki', postCode: '0622', streets: ['Jutland Road', 'Hauraki Road', 'Seabreeze Road'] },
    { name: 'Belmont', postCode: '0622', streets: ['Lake Road', 'Bayswater Avenue', 'Old Lake Road'] },
    { name: 'Sunnynook', postCode: '0620', streets: ['Sunnynook Road', 'Tonar Street', 'Becroft Drive'] },
  ],
  wynyard: [
    {
      name: 'Auckland Central',
      postCode: '1010',
      streets: ['Halsey Street', 'Daldy Street', 'Fanshawe Street', 'Victoria Street West'],
    },
    {
      name: 'Freemans Bay',
      postCode: '1011',
      streets: ['Hepburn Street', 'Wellington Street', 'Wood Street'],
    },
    {
      name: 'St Marys Bay',
      postCode: '1011',
      streets: ['Saint Marys Road', 'London Street', 'Hackett Street'],
    },
  ],
}

const emailDomains = ['example.com', 'example.net', 'example.org', 'example.co.nz'] as const
const relationships = ['Partner', 'Mother', 'Father', 'Sister', 'Brother', 'Friend', 'Flatmate'] as const
const memberTags = [
  'Early bird',
  'Personal training',
  'Referral',
  'Student',
  'Corporate',
  'Returning',
] as const

export function fakeFirstName(random: Random): string {
  return random.pick(firstNames)
}

export function fakeLastName(random: Random): string {
  return random.pick(lastNames)
}

/** A New Zealand mobile number as people write it: `021 234 5678` (mostly 021, some 022 and 027). */
export function fakeMobileNumber(random: Random): string {
  const prefix = random.weighted([
    ['021', 6],
    ['022', 2],
    ['027', 2],
  ])
  return `${prefix} ${random.int(200, 999)} ${String(random.int(0, 9999)).padStart(4, '0')}`
}

/** `first.last@example.com`, ASCII-only (macrons and apostrophes dropped), with `suffix` if given. */
export function fakeEmail(random: Random, name: string, suffix = ''): string {
  const local = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
  return `${local}${suffix}@${random.pick(emailDomains)}`
}

export interface FakePerson {
  name: string
  mobileNumber: string
  dob: CalendarDateString
  emergencyContact: { name: string; email: string | null; mobileNumber: string; relationship: string }
  address: string
  suburb: string
  city: string
  postCode: string
  confidenceAndExperience: ConfidenceAndExperience[]
  hearAboutUs: HearAboutUs[]
  hearAboutUsOther: string | null
  tags: string[]
  notes: string | null
}

/** A member's personal details (everything but e-mail, which the caller makes unique). */
export function fakePerson(random: Random, options: { area: string; today: CalendarDateString }): FakePerson {
  const lastName = fakeLastName(random)
  const name = `${fakeFirstName(random)} ${lastName}`
  const suburbs = suburbsByArea[options.area] ?? suburbsByArea.ponsonby ?? []
  const suburb = random.pick(suburbs)
  // Ages 16 to 70, skewed to the 20s and 30s like a typical gym.
  const age = random.weighted([
    [random.int(16, 19), 1],
    [random.int(20, 29), 4],
    [random.int(30, 39), 4],
    [random.int(40, 54), 2],
    [random.int(55, 70), 1],
  ])
  const contactName = `${fakeFirstName(random)} ${random.chance(0.6) ? lastName : fakeLastName(random)}`
  const hearAboutUs = random.weighted<HearAboutUs[]>([
    [['friend'], 5],
    [['google_search'], 4],
    [['facebook_or_instagram'], 4],
    [['physical_marketing'], 2],
    [['google_advert'], 1],
    [['been_member_here_before'], 1],
    [['friend', 'facebook_or_instagram'], 1],
    [['other'], 1],
  ])
  return {
    name,
    mobileNumber: fakeMobileNumber(random),
    dob: addDays(options.today, -(age * 365 + random.int(0, 364))),
    emergencyContact: {
      name: contactName,
      email: random.chance(0.5) ? fakeEmail(random, contactName) : null,
      mobileNumber: fakeMobileNumber(random),
      relationship: random.pick(relationships),
    },
    address: `${random.int(1, 250)} ${random.pick(suburb.streets)}`,
    suburb: suburb.name,
    city: 'Auckland',
    postCode: suburb.postCode,
    confidenceAndExperience: [
      random.weighted<ConfidenceAndExperience>([
        ['first_time', 1],
        ['been_but_not_sure_what_to_do', 2],
        ['been_but_not_achieved_goals', 2],
        ['been_but_stopped_going', 2],
        ['experienced_and_confident', 3],
      ]),
    ],
    hearAboutUs,
    hearAboutUsOther: hearAboutUs.includes('other')
      ? random.pick(['Walked past', 'Work noticeboard', 'Radio ad'])
      : null,
    tags: random.chance(0.2) ? [random.pick(memberTags)] : [],
    notes: random.chance(0.08)
      ? random.pick([
          'Recovering from a knee injury: check in before heavy leg work.',
          'Prefers e-mail over phone calls.',
          'Asked about personal training packages.',
        ])
      : null,
  }
}

/** Why a fake member cancels, in the words staff pick from. */
export const fakeCancellationReasons = [
  'Moving away',
  'Too expensive',
  'Not using it enough',
  'Injury',
  'Joined another gym',
  'Work hours changed',
] as const
