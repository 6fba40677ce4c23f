import { getRequestIP } from '@tanstack/react-start/server'
import { getEnv } from '~/lib/env.server'

/**
 * The header our own server layer uses to tell the API who the client is. Whatever a client sends
 * under this name is replaced, so nobody can pick their own address to dodge the rate limits.
 */
export const clientIpHeader = 'x-gymbase-client-ip'

/**
 * The address of the browser behind the current request: the socket's, or the first X-Forwarded-For
 * hop when TRUST_PROXY says a proxy in front sets it.
 */
export function currentClientIp(): string {
  return getRequestIP({ xForwardedFor: getEnv().TRUST_PROXY }) ?? 'unknown'
}
