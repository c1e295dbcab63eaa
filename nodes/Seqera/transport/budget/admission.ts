/** Whether a person waits for the call (interactive) or it is part of a workflow's run (bulk); callScope.ts tells which. */
export type CallPriority = 'interactive' | 'bulk';

export interface AdmissionOptions {
	/** Interactive calls go ahead of the token's waiting bulk calls; default 'bulk'. */
	priority?: CallPriority;
}
