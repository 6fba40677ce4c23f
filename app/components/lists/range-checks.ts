import { isBackwardsRange } from '~/lib/search-params'

/**
 * The `check`s of a range's two filter fields (days or amounts): a "from" after the list's "to", or a
 * "to" before its "from", is said under the field and not applied (the list readers refuse the same
 * pair, `isBackwardsRange`, when it arrives in an address).
 */
export function rangeChecks<Value extends number | string>(
  /** The range applied now, read at each check (`useAppliedSearch`'s `latest`). */
  range: () => { from: Value | undefined; to: Value | undefined },
  messages: { from: string; to: string },
) {
  return {
    from: (value: Value) => (isBackwardsRange(value, range().to) ? messages.from : undefined),
    to: (value: Value) => (isBackwardsRange(range().from, value) ? messages.to : undefined),
  }
}
