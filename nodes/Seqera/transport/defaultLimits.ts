/**
 * The platform's published per-token limits: the credential offers them as its defaults, and a credential
 * saved without them gets them. Enterprise installs may configure others.
 */
export const DEFAULT_TOKEN_LIMITS = { maxCallsPerSecond: 20, maxCallsPerHour: 72_000 } as const;
