import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';

import { SeededRandom } from '../../dev/simulator/random';
import type { ActiveStatus, RunPage, RunsApi } from '../../nodes/Seqera/trigger/runs/runsApi';

/**
 * A model of the platform's runs as the trigger sees them: the run list (newest submit first, paged by
 * offset, narrowed by status), single runs, and everything that changes them. Time is the model's, in
 * ms; the platform's clock runs `skewMs` apart from n8n's, and a run shows in the list only some time
 * after its submit time, as a record committed late would.
 */

export const MODEL_STATUSES = ['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];
const TERMINAL: ReadonlySet<string> = new Set(['SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN']);

export interface ModelRun {
	id: string;
	sessionId: string;
	/** Platform clock, ms; the list shows it with whole seconds. */
	submitMs: number;
	launchedAt: number;
	visibleAt: number;
	/** Runs the user's search leaves out are never listed; a single read still finds them. */
	matches: boolean;
	/** Order among runs of the same second, which the platform does not define. */
	tiebreak: number;
	history: Array<{ status: ModelStatus; at: number }>;
	deletedAt?: number;
}

export const statusOf = (run: ModelRun): ModelStatus => run.history[run.history.length - 1].status;
export const isTerminal = (status: string): boolean => TERMINAL.has(status);

/** The run's status at a model time (its first status if it did not exist yet). */
export function statusAt(run: ModelRun, at: number): ModelStatus {
	let status = run.history[0].status;
	for (const entry of run.history) if (entry.at <= at) status = entry.status;
	return status;
}

export interface ModelOptions {
	seed: number;
	skewMs: number;
	/** Longest time a run takes to show in the list after it was submitted. */
	maxVisibilityLagMs: number;
	/**
	 * Most runs submitted in one second. The platform takes at most 20 launches a second per token, a
	 * fifth of the trigger's page; the model allows up to a whole one of its small pages.
	 */
	maxRunsPerSecond: number;
	/**
	 * How a single read of a deleted run is answered: the contract lists 400 for an unknown workflow ID,
	 * and the platform answers 403 (or 404) too.
	 */
	deletedRunStatus: DeletedRunStatus;
	/** How often a single read of a run that exists fails all the same (see READ_FAILURES). */
	readFailureRate: number;
}

/**
 * What a single run's read can fail with while the run exists: a refusal the run list then contradicts,
 * an error on the platform's side, the rate limit after the transport's retries, and no answer at all.
 */
const READ_FAILURES = ['400', '403', '404', '429', '500', '502', '503', 'TIMEOUT', 'CONNECTION_DROPPED'];

export const DELETED_RUN_STATUSES = [400, 403, 404] as const;
export type DeletedRunStatus = (typeof DELETED_RUN_STATUSES)[number];

const TRIGGER_NODE: INode = {
	id: 'trigger',
	name: 'Seqera Trigger',
	type: 'n8n-nodes-seqera.seqeraTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The error the transport throws for an answer with this status, or for no answer (TIMEOUT, say). */
export function refusal(httpCode: string): NodeApiError {
	return new NodeApiError(TRIGGER_NODE, { httpCode, message: `The platform answered ${httpCode}` }, { httpCode });
}

export class RunPlatformModel implements RunsApi {
	readonly random: SeededRandom;
	readonly runs: ModelRun[] = [];
	/** Model time, ms: n8n's clock. */
	now = 1_700_000_000_000;
	calls = 0;
	/** Called before each answer, to change the platform while a poll is reading it. */
	beforeAnswer: (() => void) | undefined;
	private nextId = 0;
	private readonly runsPerSecond = new Map<number, number>();
	private readonly byId = new Map<string, ModelRun>();
	private sorted: ModelRun[] | undefined;

	constructor(private readonly options: ModelOptions) {
		this.random = new SeededRandom(options.seed);
	}

	get platformNow(): number {
		return this.now + this.options.skewMs;
	}

	/** A `crowded` launch goes into its second however many runs it holds, as several tokens launching at once can. */
	launch(
		at = this.now,
		status: ModelStatus = 'SUBMITTED',
		sessionId?: string,
		submitMs = at + this.options.skewMs,
		{ crowded = false } = {},
	): ModelRun {
		const id = `run${(this.nextId++).toString(36).padStart(5, '0')}`;
		let second = Math.floor(submitMs / 1000);
		while (!crowded && (this.runsPerSecond.get(second) ?? 0) >= this.options.maxRunsPerSecond) second++;
		this.runsPerSecond.set(second, (this.runsPerSecond.get(second) ?? 0) + 1);
		submitMs = Math.max(submitMs, second * 1000);
		const run: ModelRun = {
			id,
			sessionId: sessionId ?? `session-${id}`,
			submitMs,
			launchedAt: at,
			visibleAt: at + this.random.int(0, this.options.maxVisibilityLagMs),
			matches: this.random.next() < 0.85,
			tiebreak: this.random.next(),
			history: [{ status, at }],
		};
		this.runs.push(run);
		this.byId.set(id, run);
		this.sorted = undefined;
		return run;
	}

	/** Moves a run one step on: SUBMITTED to RUNNING or an end, RUNNING to an end. */
	advance(run: ModelRun): void {
		const from = statusOf(run);
		if (isTerminal(from) || run.deletedAt !== undefined) return;
		const ends: ModelStatus[] = ['SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'];
		const next = from === 'SUBMITTED' && this.random.next() < 0.7 ? 'RUNNING' : this.random.pick(ends);
		run.history.push({ status: next, at: this.now });
	}

	delete(run: ModelRun): void {
		run.deletedAt ??= this.now;
	}

	exists(run: ModelRun): boolean {
		return run.deletedAt === undefined;
	}

	find(id: string): ModelRun {
		const run = this.byId.get(id);
		if (!run) throw new Error(`No run ${id} in the model`);
		return run;
	}

	listed(): ModelRun[] {
		this.sorted ??= [...this.runs].sort(
			(a, b) => Math.floor(b.submitMs / 1000) - Math.floor(a.submitMs / 1000) || a.tiebreak - b.tiebreak,
		);
		return this.sorted.filter((run) => this.exists(run) && run.matches && run.visibleAt <= this.now);
	}

	async list(offset: number, max: number, status?: ActiveStatus): Promise<RunPage> {
		this.answering();
		const runs = this.listed().filter((run) => status === undefined || statusOf(run) === status.toUpperCase());
		const page = runs.slice(offset, offset + max);
		return { runs: page.map((run) => this.view(run)), hasMore: offset + page.length < runs.length };
	}

	async count(status: ActiveStatus): Promise<number> {
		this.answering();
		return this.listed().filter((run) => statusOf(run) === status.toUpperCase()).length;
	}

	async get(id: string): Promise<IDataObject> {
		this.answering();
		const run = this.byId.get(id);
		if (!run || !this.exists(run)) throw refusal(String(this.options.deletedRunStatus));
		if (this.random.next() < this.options.readFailureRate) throw refusal(this.random.pick(READ_FAILURES));
		return this.view(run);
	}

	async isListed(id: string): Promise<boolean> {
		this.answering();
		const run = this.byId.get(id);
		return run !== undefined && this.exists(run) && run.visibleAt <= this.now;
	}

	private answering(): void {
		this.calls++;
		this.beforeAnswer?.();
	}

	private view(run: ModelRun): IDataObject {
		const submit = new Date(Math.floor(run.submitMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
		return { id: run.id, sessionId: run.sessionId, status: statusOf(run), submit };
	}
}
