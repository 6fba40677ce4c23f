/**
 * A small seeded pseudo-random generator for demo data and test factories: the same seed gives the
 * same data on every machine. Not for anything secret (tokens use node:crypto).
 *
 * mulberry32: 32-bit state, fast, and good enough to make fake data look varied.
 */
export interface Random {
  /** The seed this generator started from: `createRandom(seed)` gives a fresh copy of it. */
  readonly seed: string
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  /** True with probability `probability`. */
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by relative weight, e.g. `[['weekly', 3], ['monthly', 1]]`. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T
  shuffle<T>(items: readonly T[]): T[]
  /**
   * An independent generator derived from this one's seed and `label`. Giving each member its own fork
   * keeps everyone else's data unchanged when one member's generation draws more or fewer numbers.
   */
  fork(label: string): Random
}

/** 32-bit FNV-1a, to turn string seeds and fork labels into generator states. */
function hashString(value: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export function createRandom(seed: number | string): Random {
  const seedText = String(seed)
  let state = hashString(seedText)

  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))

  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('Cannot pick from an empty list')
    const item = items[int(0, items.length - 1)]
    if (item === undefined) throw new RangeError('Picked outside the list')
    return item
  }

  return {
    seed: seedText,
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [value, weight] of entries) {
        roll -= weight
        if (roll < 0) return value
      }
      return pick(entries)[0]
    },
    shuffle(items) {
      const copy = [...items]
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = int(0, index)
        const item = copy[index]
        const swap = copy[other]
        if (item === undefined || swap === undefined) continue
        copy[index] = swap
        copy[other] = item
      }
      return copy
    },
    fork: (label) => createRandom(`${seedText}/${label}`),
  }
}
