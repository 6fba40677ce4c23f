/**
 * What is wrong with the providers' keys in the environment, or null (issue 26): checked before a start
 * builds or forks anything, so a half-set or mistyped key stops it with one line naming the key. Reading
 * the keys calls no provider.
 */
export async function providerKeysProblem(): Promise<string | null> {
  const { ProviderConfigError, readProviderConfig } = await import(
    '../../app/server/providers/provider-config.server.ts'
  )
  try {
    readProviderConfig()
    return null
  } catch (error) {
    if (!(error instanceof ProviderConfigError)) throw error
    return error.message
  }
}
