import { describe, expect, it } from 'vitest'
import {
  isUntouchedPath,
  siteForHost,
  siteOfInternalPath,
  siteUrl,
  toInternalPath,
  toPublicPath,
} from '~/lib/sites'

const hosts = { join: 'join.localhost', console: 'console.localhost' }

describe('sites by host', () => {
  it('tells the join, console and any other host apart, ignoring case', () => {
    expect(siteForHost('join.localhost', hosts)).toBe('join')
    expect(siteForHost('CONSOLE.localhost', hosts)).toBe('console')
    expect(siteForHost('127.0.0.1', hosts)).toBe('sites')
    expect(siteForHost('localhost', hosts)).toBe('sites')
  })

  it('maps public paths to internal ones and back', () => {
    expect(toInternalPath('/', 'join')).toBe('/join/')
    expect(toInternalPath('/take-photo', 'join')).toBe('/join/take-photo')
    expect(toInternalPath('/members/12/activity', 'console')).toBe('/console/members/12/activity')
    expect(toInternalPath('/anything', 'sites')).toBe('/sites/anything')
    expect(toPublicPath('/join/take-photo')).toBe('/take-photo')
    expect(toPublicPath('/console/')).toBe('/')
    expect(toPublicPath('/console')).toBe('/')
    expect(toPublicPath('/joinery')).toBe('/joinery')
  })

  it('never rewrites the API, server functions or assets', () => {
    for (const path of ['/api', '/api/me', '/_serverFn/abc', '/assets/main.js']) {
      expect(isUntouchedPath(path)).toBe(true)
      expect(toInternalPath(path, 'console')).toBe(path)
    }
    expect(isUntouchedPath('/apiary')).toBe(false)
  })

  it('names the site of an internal path', () => {
    expect(siteOfInternalPath('/console/dashboard')).toBe('console')
    expect(siteOfInternalPath('/join/')).toBe('join')
    expect(siteOfInternalPath('/elsewhere')).toBeUndefined()
  })

  it('builds links to the other site with the same scheme and port', () => {
    expect(siteUrl({ host: 'join.localhost', protocol: 'http:', port: '3000' })).toBe(
      'http://join.localhost:3000/',
    )
    expect(siteUrl({ host: 'console.gymbase.nz', protocol: 'https:', port: '', path: '/dashboard' })).toBe(
      'https://console.gymbase.nz/dashboard',
    )
  })
})
