import type { SessionUser } from '~/contracts/auth'

/**
 * The signed-in user as `/me` answers it, for screens' and guards' unit tests: by default a staff
 * member who is admin of Ponsonby (gym 1) in the multi-gym "Demo Fitness", with no member details.
 */
export function testSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 1,
    name: 'Staff',
    email: 'staff@example.nz',
    current_organisation: { id: 1, name: 'Demo Fitness', multi_gym: true, role: null },
    current_gym: { id: 1, role: 'admin' },
    gyms: [{ id: 1, name: 'Ponsonby', role: 'admin' }],
    profile_picture: null,
    register_fields_completed: true,
    payment_types: [],
    start_date: null,
    billing_date: null,
    offering: null,
    price_id: null,
    default_payment_type: null,
    reauthenticate_akahu: false,
    general_card_surcharge_text: null,
    gym_takes_cards: false,
    is_staff: true,
    ...overrides,
  }
}
