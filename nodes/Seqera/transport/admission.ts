/**
 * How a call reaches the platform: on a connection already open and idle (warm: one request leg
 * after its start), or on one it opens first (cold: a TCP and a TLS handshake, two or three round
 * trips, before the request leg). A cold call's arrival is bounded only once its connection is up
 * (slidingWindow.ts).
 */
export type ConnectionKind = 'warm' | 'cold';

/**
 * Thrown by a call admitted as warm that found no warm connection, before it sent anything: the
 * budget admits it again as cold, which counts it again (it never arrived, so that is safe).
 */
export class ConnectionNotWarmError extends Error {
	constructor() {
		super('No open connection was free for a call admitted to go out on one');
		this.name = 'ConnectionNotWarmError';
	}
}

/** Whether a person waits for the call (interactive) or it is part of a workflow's run (bulk); callScope.ts tells which. */
export type CallPriority = 'interactive' | 'bulk';

export interface AdmissionOptions {
	/** Interactive calls go ahead of the token's waiting bulk calls; default 'bulk'. */
	priority?: CallPriority;
	/** Asked at the moment of admission: will this call go out on a connection that is already open? default cold */
	connectionAtAdmission?: () => ConnectionKind;
}
