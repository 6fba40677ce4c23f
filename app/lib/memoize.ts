/**
 * `read` remembering its answers by its argument, up to `limit` of them (then it forgets them all and
 * starts again: no bookkeeping per call). For the pure date readings a list's rows repeat: an export of
 * a million payments has a few hundred distinct days, and each row read them through `Intl` or a
 * time-zone library otherwise (issue 29: those readings were most of an export's time).
 */
export function memoize<Key, Value>(read: (key: Key) => Value, limit = 10_000): (key: Key) => Value {
  const answers = new Map<Key, { value: Value }>()
  return (key) => {
    const known = answers.get(key)
    if (known) return known.value
    const value = read(key)
    if (answers.size >= limit) answers.clear()
    answers.set(key, { value })
    return value
  }
}

/**
 * From 1946 on, Pacific/Auckland's offset from UTC is a whole number of hours (+12, +13 in summer) and
 * it changes only on a UTC hour, so every instant of one UTC hour falls on the same Auckland day at the
 * same offset. Before then New Zealand kept +11:30 and, earlier still, local mean time.
 */
export const WHOLE_HOUR_OFFSETS_FROM = Date.UTC(1946, 0, 1)
export const HOUR = 3_600_000
