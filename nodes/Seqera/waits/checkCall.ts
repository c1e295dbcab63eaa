/**
 * A call from a held wait's check execution (waits/checkExecution.ts) to the wait's resume URL: not a
 * Nextflow event, but a request to look at the platform, made in case the run's end was lost on its way.
 */
const CHECK_FIELD = 'seqeraHeldWaitCheck';

export const CHECK_CALL_BODY = { [CHECK_FIELD]: true };

export function isCheckCall(body: unknown): boolean {
	return typeof body === 'object' && body !== null && (body as Record<string, unknown>)[CHECK_FIELD] === true;
}

/** How the resume tells a check that the wait goes on waiting, so the check execution checks again later. */
export const STILL_WAITING_FIELD = 'stillWaiting';
