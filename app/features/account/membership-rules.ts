import { calendarDayProblem, problemsOf } from '~/lib/form-rules'

/**
 * The pause form's rules in the browser (ADR 044), giving the messages `selfPauseRequestSchema` gives
 * (`tests/unit/lib/form-rules.test.ts`); the pause's own rules (not in the past, at most 180 days) are
 * the server's, said when the member asks what the pause would do.
 */
export function pauseProblems(values: { start_date: string; end_date: string }) {
  return problemsOf(values, { start_date: calendarDayProblem, end_date: calendarDayProblem })
}
