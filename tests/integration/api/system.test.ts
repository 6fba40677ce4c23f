import { expect, it } from 'vitest'
import { createTestApi } from '../support/api'
import { describeEachDatabase } from '../support/database'

describeEachDatabase('API spine', (database) => {
  it('GET /api/health answers with the kind of database it reached', async () => {
    const { request } = createTestApi(database)
    const response = await request('GET', '/health')
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ status: 'ok', database: database.kind === 'pg' ? 'postgresql' : 'pglite' })
    expect(Number.isNaN(Date.parse(body.time))).toBe(false)
  })

  it('GET /api/me is 401 with the Laravel message while nobody is signed in', async () => {
    const { request } = createTestApi(database)
    const response = await request('GET', '/me')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Unauthenticated.' })
  })

  it('an unknown endpoint is a 404 with a message', async () => {
    const { request } = createTestApi(database)
    const response = await request('GET', '/no-such-endpoint')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Not Found' })
  })

  it('serves an OpenAPI 3.1 document generated from the contracts, and the reference page', async () => {
    const { request } = createTestApi(database)
    const document = await (await request('GET', '/openapi.json')).json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/me']))
    const me = document.paths['/api/me'].get
    expect(Object.keys(me.responses)).toEqual(['200', '400', '401'])
    expect(me.responses['200'].content['application/json'].schema.properties.data.properties).toHaveProperty(
      'current_organisation',
    )
    const docs = await request('GET', '/docs')
    expect(docs.headers.get('content-type')).toContain('text/html')
    expect(await docs.text()).toContain('<title>Gymbase API reference</title>')
    expect(await (await request('GET', '/docs/assets/init.js')).text()).toContain("url: '/api/openapi.json'")
    const bundle = await request('GET', '/docs/assets/swagger-ui-bundle.js')
    expect(bundle.status).toBe(200)
    expect((await request('GET', '/docs/assets/..%2Fpackage.json')).status).toBe(404)
  })
})
