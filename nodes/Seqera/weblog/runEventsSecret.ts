import { createHmac } from 'node:crypto';

/** Keeps the secrets apart from any other HMAC a password might be used for. */
const RUN_SECRET_PREFIX = 'seqera-nextflow-events:';

/**
 * The password a run's Nextflow sends with its events in place of the Seqera Nextflow Events API
 * credential's own (Seqera Platform version 1.5): made for one run name from the credential's password, so
 * the trigger checks it from the event's `runName` with nothing stored, and a reader of one run's config
 * can post only that run's events. The password cannot be read back from it.
 */
export function runEventsSecret(password: string, runName: string): string {
	return createHmac('sha256', password).update(`${RUN_SECRET_PREFIX}${runName}`).digest('hex');
}
