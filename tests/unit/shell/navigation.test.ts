import { describe, expect, it } from 'vitest'
import { derivedRoles, mayUse } from '~/contracts/areas'
import type { SessionUser } from '~/contracts/auth'
import { navigationEntries, publicPath, visibleEntries } from '~/features/shell/navigation'
import { testSessionUser } from '../../factories/session-user'

const base: SessionUser = testSessionUser()

const owner: SessionUser = {
  ...base,
  current_organisation: { id: 1, name: 'Demo Fitness', multi_gym: true, role: 'admin' },
  gyms: [
    { id: 1, name: 'Ponsonby', role: 'admin' },
    { id: 2, name: 'Newmarket', role: 'admin' },
  ],
}
const regional: SessionUser = {
  ...base,
  gyms: [
    { id: 2, name: 'Newmarket', role: 'admin' },
    { id: 3, name: 'Takapuna', role: 'admin' },
  ],
}
const trainer: SessionUser = {
  ...base,
  current_gym: { id: 1, role: 'personal_trainer' },
  gyms: [{ id: 1, name: 'Ponsonby', role: 'personal_trainer' }],
}

const names = (user: SessionUser) =>
  visibleEntries(user).map((entry) =>
    entry.kind === 'link'
      ? entry.name
      : `${entry.name}: ${entry.children.map((child) => child.name).join(', ')}`,
  )

describe('navigation visibility (ADR 014)', () => {
  it('gives each role the entries it may use', () => {
    const common = ['Dashboard', 'Members', 'Payments', 'Visits', 'Offerings', 'Change price']
    expect(names(owner)).toEqual([...common, 'Organisation: Staff, Gyms, Settings, Calculate Pro Rata'])
    expect(names(regional)).toEqual(common)
    expect(names(base)).toEqual(common)
    expect(names(trainer)).toEqual(['Dashboard', 'Members', 'Visits'])
  })

  it('derives the roles the navigation bottom lists', () => {
    const access = (user: SessionUser) => ({
      organisationRole: user.current_organisation?.role ?? null,
      gymRoles: user.gyms.map((gym) => gym.role),
      multiGym: user.current_organisation?.multi_gym ?? false,
    })
    expect(derivedRoles(access(owner))).toEqual({
      isOrganisationAdmin: true,
      isGymAdmin: false,
      isMultiGymAdmin: false,
      isOrganisationMultiGym: true,
    })
    expect(derivedRoles(access(regional))).toMatchObject({ isGymAdmin: true, isMultiGymAdmin: true })
    expect(derivedRoles(access(base))).toMatchObject({ isGymAdmin: true, isMultiGymAdmin: false })
    expect(derivedRoles(access(trainer))).toMatchObject({ isOrganisationAdmin: false, isGymAdmin: false })
    expect(mayUse(access(trainer), 'payments')).toBe(false)
    expect(mayUse(access(trainer), 'members')).toBe(true)
  })

  it('highlights Members on its index, show, create and activity pages, not on the change-price list', () => {
    const entry = (name: string) => {
      const found = navigationEntries.find((candidate) => candidate.name === name)
      if (found?.kind !== 'link') throw new Error(name)
      return found
    }
    for (const path of ['/members', '/members/create', '/members/12', '/members/12/activity']) {
      expect(entry('Members').isActive(path), path).toBe(true)
    }
    expect(entry('Members').isActive('/members/change-price')).toBe(false)
    expect(entry('Change price').isActive('/members/change-price')).toBe(true)
    expect(entry('Offerings').isActive('/offerings/3')).toBe(true)
    expect(entry('Dashboard').isActive('/dashboard')).toBe(true)
    expect(publicPath('/console/members/12/')).toBe('/members/12')
    expect(publicPath('/members')).toBe('/members')
  })
})
