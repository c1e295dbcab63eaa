/** The statuses a run ends in: once a run has one, it never changes again. */
export const TERMINAL_STATUSES: ReadonlySet<string> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN']);

/**
 * How far a run has got, in the order tower-cli's `launch --wait <status>` reads the statuses: submitted, then running, then
 * ended (any terminal status). A run waited for until running that has already ended is past it.
 */
export type RunStage = 'submitted' | 'running' | 'ended';

const STAGE_ORDER: readonly RunStage[] = ['submitted', 'running', 'ended'];

function stageOf(status: string): RunStage | undefined {
	if (TERMINAL_STATUSES.has(status)) return 'ended';
	if (status === 'RUNNING') return 'running';
	return status === 'SUBMITTED' ? 'submitted' : undefined;
}

/** Whether a run with `status` has reached `stage` or gone past it. */
export function hasReached(status: string, stage: RunStage): boolean {
	const current = stageOf(status);
	return current !== undefined && STAGE_ORDER.indexOf(current) >= STAGE_ORDER.indexOf(stage);
}

export function isRunStage(value: unknown): value is RunStage {
	return STAGE_ORDER.includes(value as RunStage);
}
