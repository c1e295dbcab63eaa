/**
 * n8n 1.x lets two calls that arrive together both resume one waiting execution (2.x refuses the
 * second), and Nextflow may post a run's end twice. The first call to decide that an execution goes on
 * claims it; later ones in this process are refused. n8n itself refuses calls once the execution runs
 * again, so a claim needs keeping only for the moment between the two.
 */
const CLAIM_KEPT_MS = 10 * 60_000;
const claims = new Map<string, number>();

export function claimResume(executionId: string, now = Date.now()): boolean {
	for (const [id, claimedAt] of claims) if (now - claimedAt > CLAIM_KEPT_MS) claims.delete(id);
	if (claims.has(executionId)) return false;
	claims.set(executionId, now);
	return true;
}
