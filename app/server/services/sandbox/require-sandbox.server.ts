import { AppError } from '~/lib/errors'

/**
 * The sandbox providers' own endpoints (what Akahu's consent page, Stripe.js or Stripe's hosted
 * onboarding would do) exist only while that provider is the sandbox: otherwise they are not there.
 */
export function requireSandboxProvider(provider: { name: string }): void {
  if (!provider.name.startsWith('sandbox_')) throw new AppError('NOT_FOUND', 'Not Found')
}
