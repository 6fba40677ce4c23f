import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type NavigationLink, navigationEntries } from '~/features/shell/navigation'

/**
 * ADR 014 and issue 12: a screen the navigation hides from a role is refused by its route too. Each
 * console route file behind sign-in names its area in `requireConsoleArea`, the same area the
 * navigation entry that leads to it has.
 */
const staffRoutes = join(import.meta.dirname, '../../../app/routes/console/_staff')

function routeFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    return statSync(path).isDirectory() ? routeFiles(path) : [path]
  })
}

function guardedArea(file: string): string | undefined {
  return readFileSync(file, 'utf8').match(
    /beforeLoad: \(\{ context \}\) => requireConsoleArea\(context\.user, '(\w+)'\)/,
  )?.[1]
}

function fileOf(to: string): string {
  const path = to.replace(/^\/console\//, '')
  const direct = join(staffRoutes, `${path}.tsx`)
  return existsSync(direct) ? direct : join(staffRoutes, path, 'index.tsx')
}

const links: NavigationLink[] = navigationEntries.flatMap((entry) =>
  entry.kind === 'group' ? entry.children : [entry],
)

describe('console route guards', () => {
  it.each(links.map((link) => [link.name, link] as const))(
    '%s: its route guards the area its navigation entry has',
    (_, link) => {
      expect(guardedArea(fileOf(link.to))).toBe(link.area)
    },
  )

  it('every screen behind sign-in has an area guard', () => {
    const unguarded = routeFiles(staffRoutes)
      .filter((file) => guardedArea(file) === undefined)
      .map((file) => relative(staffRoutes, file))
    expect(unguarded).toEqual([])
  })
})
