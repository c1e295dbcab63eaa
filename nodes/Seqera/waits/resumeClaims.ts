/**
 * n8n 1.x lets two calls that arrive together both resume one waiting execution (2.x refuses the
 * second), and a run's end can reach a held wait twice: from Nextflow and from the wait's check
 * execution. The first call to decide that a wait goes on claims it; later ones in this process are
 * refused. n8n itself refuses calls once the execution runs again, so a claim needs keeping only for the
 * moment between the two.
 *
 * A claim is keyed by the wait (its execution, node and time limit: resumeOnRunEvent.ts), not by the execution: a second held wait in the
 * same execution, by another node or by the same node in a loop, is a wait of its own.
 */
const CLAIM_KEPT_MS = 10 * 60_000;
const claims = new Map<string, number>();

export function claimResume(waitKey: string, now = Date.now()): boolean {
	for (const [key, claimedAt] of claims) if (now - claimedAt > CLAIM_KEPT_MS) claims.delete(key);
	if (claims.has(waitKey)) return false;
	claims.set(waitKey, now);
	return true;
}
