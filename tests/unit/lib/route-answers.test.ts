import { describe, expect, it } from 'vitest'
import type { z } from '~/lib/validation'

/**
 * The browser reads the API's answers as JSON, unparsed (ADR 048: no zod on the join site), where the
 * server's client parses them with the route's success schema. The two read the same only while no
 * answer relies on zod changing what it parses: a transform, a pipe (a coercion or preprocess), a
 * default, a catch, a Date. This holds every route of the API to that.
 */
const routesModules = import.meta.glob<Record<string, unknown>>('../../../app/contracts/api/*.routes.ts', {
  eager: true,
})

const changing = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'date', 'codec', 'promise'])

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value
}

/** Where in `schema` zod would change the JSON it parses. */
function changesIn(schema: z.ZodType, where: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return []
  seen.add(schema)
  const def = schema._zod.def
  const found = changing.has(def.type) || part(def, 'coerce') === true ? [`${where}: ${def.type}`] : []
  for (const [key, value] of Object.entries(def)) {
    if (key === 'shape' && typeof value === 'object' && value !== null) {
      for (const [field, item] of Object.entries(value)) {
        if (isSchema(item)) found.push(...changesIn(item, `${where}.${field}`, seen))
      }
    } else if (Array.isArray(value)) {
      for (const item of value) if (isSchema(item)) found.push(...changesIn(item, `${where}[]`, seen))
    } else if (isSchema(value)) {
      found.push(...changesIn(value, `${where}<${key}>`, seen))
    }
  }
  const getter = part(def, 'getter')
  if (typeof getter === 'function') {
    const inner: unknown = getter()
    if (isSchema(inner)) found.push(...changesIn(inner, where, seen))
  }
  return found
}

/** `value[key]` when value is an object, else undefined. */
function part(value: unknown, key: string | number): unknown {
  return typeof value === 'object' && value !== null
    ? Object.getOwnPropertyDescriptor(value, key)?.value
    : undefined
}

function successSchema(route: unknown): z.ZodType | undefined {
  const responses = part(route, 'responses')
  const answer = part(responses, 200) ?? part(responses, 201)
  const schema = part(part(part(answer, 'content'), 'application/json'), 'schema')
  return isSchema(schema) ? schema : undefined
}

describe('the API’s answers read the same unparsed (ADR 048)', () => {
  it('finds a transform, a coercion, a default and a Date where there is one', async () => {
    const { z: zod } = await import('~/lib/validation')
    const schema = zod.object({
      a: zod.object({ b: zod.string().transform((text) => text.trim()) }),
      c: zod.coerce.number(),
      d: zod.string().default('x'),
      e: zod.array(zod.date()),
    })
    expect(changesIn(schema, '')).toEqual([
      '.a.b: pipe',
      '.a.b<out>: transform',
      '.c: number',
      '.d: default',
      '.e<element>: date',
    ])
  })

  it('holds for every route’s success answer', () => {
    const changed: string[] = []
    let routes = 0
    for (const [file, exported] of Object.entries(routesModules)) {
      for (const [name, group] of Object.entries(exported)) {
        if (Array.isArray(group) || typeof group !== 'object' || group === null) continue
        for (const [key, route] of Object.entries(group)) {
          const schema = successSchema(route)
          if (!schema) continue
          routes++
          changed.push(...changesIn(schema, `${file} ${name}.${key}`))
        }
      }
    }
    expect(routes).toBeGreaterThan(100)
    expect(changed).toEqual([])
  })
})
