/**
 * The default "now" of factory-built data: a fixed instant, so tests that do not care about time still
 * get the same dates on every run. 09:30 on Monday 16 March 2026 in Auckland (NZ daylight time, +13:00).
 */
export const testNow = new Date('2026-03-15T20:30:00Z')
