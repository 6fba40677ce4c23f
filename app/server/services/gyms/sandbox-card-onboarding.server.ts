import type { Db } from '~/db/client.server'
import { AppError } from '~/lib/errors'
import {
  finishSandboxOnboarding,
  readSandboxOnboarding,
} from '~/server/providers/payments/card-account-sandbox.server'

const linkGone =
  'This onboarding link has expired or was already used. Go back to Gymbase and start connecting again.'

/** The sandbox's hosted onboarding page: what its single-use link shows; a used or old link, a 404 in words. */
export async function showSandboxOnboarding(options: { db: Db; link: string; now: Date }) {
  const found = await readSandboxOnboarding(options)
  if (!found) throw new AppError('NOT_FOUND', linkGone)
  return found
}

/** The sandbox's hosted onboarding page submitted (or left): where it sends the owner back to. */
export async function submitSandboxOnboarding(options: Parameters<typeof finishSandboxOnboarding>[0]) {
  const redirectTo = await finishSandboxOnboarding(options)
  if (!redirectTo) throw new AppError('NOT_FOUND', linkGone)
  return redirectTo
}
