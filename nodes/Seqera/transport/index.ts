/** The only door to the network: everything outside imports the transport and its budget (budget/) from here. */
export { callPriorityOf, callSignalOf, stopCallsWith } from './callScope';
export { connectionOf, DEFAULT_TOKEN_LIMITS, nodeCredentialOf, tokenDigest, type Connection, type SeqeraFunctions } from './connection';
export { sendPooled, type PoolTarget } from './connectionPool';
export { checkConnection } from './credentialTest';
export { authenticate } from './credentialType';
export { headerText, type ApiRequest } from './exchange';
export { backoffMs, decideRetry, isIdempotent, MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, retryAfterMs, type CallOutcome } from './retry';
export { apiRequest, apiRequestFile, apiRequestWithStatus, explainRefusalsWith } from './request';
export { callOwnWebhook } from './ownWebhook';
export { deleteFromStorage, putPart, putToStorage, type StorageTarget } from './storage';
export { apiRequestStream, type StreamedFile } from './streamRequest';
export { buildUrl, UnsafePathSegmentError, type QueryValue } from './url';

// The budget: what the limits mean, and the pieces tests and the benchmark hold it to.
export {
	ArrivalBound,
	callSpacingMs,
	CAUTION_MS,
	JITTER_SHARE,
	SAFETY_MARGIN_MS,
	SlidingWindow,
	windowLimits,
	type WindowLimits,
	type WindowTicket,
} from './budget/admissionRule';
export { LocalGate, localShare, type AdmittedCall, type BudgetGate, type CallPriority } from './budget/gate';
export { closeSharedGates } from './budget/gates';
export { budgetKey, maxCallsInFlight, TOKEN_QUEUE_UNUSED_MS, TokenLimiter, tokenLimiter } from './budget/limiter';
export { SharedBudget } from './budget/redisGate';
export { CancelledError, sleep } from './budget/timing';
