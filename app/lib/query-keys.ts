/** The signed-in user's session in the query cache: read by the guards, reset on sign-in and sign-out. */
export const sessionQueryKey = ['session', 'me'] as const
