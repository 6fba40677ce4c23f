import { notFound } from '@tanstack/react-router'

/** `$id` path params arrive as positive integers; anything else is a not-found page, not a crash. */
export const idParams = {
  parse: (params: { id: string }) => {
    const id = Number(params.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
    return { id }
  },
  stringify: (params: { id: number }) => ({ id: String(params.id) }),
}
