/**
 * Mirrors `MAX_QUESTION_CHARS` of shared/src/contract.ts. The app imports only types from the
 * contract (zod must not ship in the app package), so the value is repeated here and a unit
 * test keeps the two equal.
 */
export const MAX_QUESTION_CHARS = 2000;
