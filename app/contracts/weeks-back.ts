/**
 * How far back the expected-payments debug view reaches, in weeks: its route's search reader and the
 * API's schema both hold it (a module of its own, so route definitions load no schema library).
 */
export const MAX_WEEKS_BACK = 104
