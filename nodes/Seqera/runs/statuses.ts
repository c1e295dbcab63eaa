/** The statuses a run ends in: once a run has one, it never changes again. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN']);
