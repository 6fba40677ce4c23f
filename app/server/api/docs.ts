import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { ApiEnv } from './context'

/**
 * The API reference page. Swagger UI's files are served from the installed package rather than a
 * CDN, so the page works on machines without outside network and adds no third-party origin.
 */
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

function assetDirectory() {
  const require = createRequire(import.meta.url)
  return dirname(require.resolve('swagger-ui-dist/package.json'))
}

const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Gymbase API reference</title>
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/init.js"></script>
</body>
</html>`

const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true })`

export function registerDocs(api: OpenAPIHono<ApiEnv>) {
  api.get('/docs', (c) => c.html(page))
  api.get('/docs/assets/init.js', (c) =>
    c.body(init, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }),
  )
  api.get('/docs/assets/:file', async (c) => {
    const file = c.req.param('file')
    const type = assets[file]
    if (!type) return c.json({ message: 'Not Found' }, 404)
    const body = await readFile(join(assetDirectory(), file))
    return c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' })
  })
}
