/**
 * One n8n process of a queue-mode setup, for multiProcess.test.ts and scripts/bench.ts: started with
 * `child_process.fork` (ts-node's transpile-only register), it runs the Seqera node through n8n's engine
 * against the simulator. Sharing (or not) comes from its environment, as in n8n: EXECUTIONS_MODE,
 * QUEUE_BULL_REDIS_*, SEQERA_LIMITER_REDIS.
 *
 * Protocol: it sends `ready` once loaded, runs one `job` when told, answers `done`, and exits. A job
 * that runs editor actions without a sync of its own runs them until it is sent `stop`.
 *
 * Jobs (`kind`):
 *   executions   (the default) executions of Workflow → Get, one call per item, with mode 'manual';
 *   interactive  a production sync (one execution with mode 'trigger') and/or, while it runs, editor
 *                actions: a run list search through n8n's load-options context, and a one-item
 *                execution with mode 'manual', each every `everyMs`;
 *   idle         one one-item execution, `idleMs` of nothing, then another;
 *   memory       one execution of Workflow → Get, or of a stand-in node answering the same items
 *                without HTTP, reporting the process's peak RSS, the heap it retains after a full
 *                collection (with --expose-gc) and how long the execution took.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData, WorkflowExecuteMode } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { closeSharedGates, tokenLimiter } from '../../nodes/Seqera/transport';
import { createHarness, type Harness, type RunNodeOptions } from '../engine/harness';
import { ITEM_COPIES_TYPE, itemCopiesNode } from '../engine/nodeTypes';
import { heapAfterFullGc } from './heap';

interface JobBase {
	baseUrl: string;
	token: string;
	workspaceId: number;
	/**
	 * A token with its own budget for one call before the job, so the job measures a process that has
	 * been running: a fresh process's first call spends some 50-100 ms loading and compiling code on its
	 * way out, which is not what the limiter's spacing margin is for.
	 */
	warmUpToken?: string;
	/** Epoch ms to start the job at (after the warm-up), so that every process starts warm and together. */
	startAt?: number;
	/**
	 * The node's On Error setting; default n8n's (stop the workflow). 'continueErrorOutput' lets every
	 * item be tried and counts the failed ones, where a stop would end the execution at the first.
	 */
	onError?: RunNodeOptions['onError'];
	/** The credential's limits; default the platform's, 20 calls per second and 72 000 per hour. */
	limits?: TokenLimits;
	/**
	 * Ignore SSL Issues off: the simulator's self-signed certificate is trusted only if the process
	 * trusts it (NODE_EXTRA_CA_CERTS), as for an Enterprise install with its own CA. Default on.
	 */
	verifyCertificates?: boolean;
}

export interface TokenLimits {
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
}

export interface ExecutionsJob extends JobBase {
	kind?: 'executions';
	/** Each execution gets one input item per run ID: Workflow → Get, one call per item. */
	executions: string[][];
}

export interface InteractiveJob extends JobBase {
	kind: 'interactive';
	/** Run IDs of a production sync, one execution with mode 'trigger'; without, another process runs it. */
	sync?: string[];
	/**
	 * Editor actions from the start on: a run list search at `everyMs / 2` and every `everyMs` after,
	 * a one-item execution of `runId` at `everyMs` and every `everyMs` after; until the sync ends, or
	 * without a sync, until `stop`. Each starts on time whether the one before has answered or not.
	 */
	actions?: { everyMs: number; runId: string };
}

export interface IdleJob extends JobBase {
	kind: 'idle';
	runId: string;
	/** Time between the first execution's answer and the second execution. */
	idleMs: number;
}

export interface MemoryJob extends JobBase {
	kind: 'memory';
	runIds: string[];
	/** Without it, the Seqera node gets the items; with it, a stand-in answers them with these objects, without HTTP. */
	standInAnswers?: IDataObject[];
	/** How many of the execution's first output items to send back. */
	sampleItems?: number;
}

export type WorkerJobSpec = ExecutionsJob | InteractiveJob | IdleJob | MemoryJob;
export type WorkerJob = WorkerJobSpec & { type: 'job' };
export type WorkerCommand = WorkerJob | { type: 'stop' };

/** When a call asked the limiter, when it was let start, and when it came back, as epoch ms (fractional). */
export interface QueueTiming {
	asked: number;
	started: number;
	/** Absent when the call never started (cancelled in the queue). */
	answered?: number;
}

/** An editor action or a one-item execution: from its start to its answer, and its calls. */
export interface ActionTiming {
	kind: 'lookup' | 'manual';
	startedAt: number;
	answeredAt: number;
	calls: QueueTiming[];
	/** Why the action gave no answer, when it did not. */
	error?: string;
}

export interface ExecutionOutcome {
	/** Output items that are results, not errors. */
	items: number;
	/** Output items that are errors (error output, or Continue On Fail); only when there are any. */
	errorItems?: number;
	/** The execution's own error, when it stopped. */
	error?: string;
}

export interface WorkerReport {
	/** The executions' outcomes (for `interactive`, the sync's; for `idle`, none). */
	outcomes: ExecutionOutcome[];
	/** Every call of the token outside an action, in the order they asked (none for `memory`). */
	timings: QueueTiming[];
	/** `interactive` and `idle`: each action, in the order they started. */
	actions?: ActionTiming[];
	/** `memory`: what the execution took. */
	memory?: MemoryFigures;
	/** `memory` with `sampleItems`: the first output items' JSON. */
	samples?: IDataObject[];
}

export interface MemoryFigures {
	/** The process's resident set size when the execution started, and its peak during the execution. */
	startRssBytes: number;
	peakRssBytes: number;
	/**
	 * The heap in use after a full collection at the end of the execution, its output still held: what
	 * the process retains, without the garbage a peak RSS also counts until V8 gets round to it.
	 * Absent when the process runs without --expose-gc.
	 */
	retainedHeapBytes?: number;
	/** From the execution's start to its output. */
	durationMs: number;
}

export type WorkerMessage = { type: 'ready' } | ({ type: 'done' } & WorkerReport);

const SEQERA_NODE = 'n8n-nodes-seqera.seqera';
const PLATFORM_LIMITS: TokenLimits = { maxCallsPerSecond: 20, maxCallsPerHour: 72000 };

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** As n8n tells an error item from a result: its JSON holds `error` and at most a `message` besides. */
function isErrorItem(item: INodeExecutionData): boolean {
	const keys = Object.keys(item.json);
	return keys.includes('error') && keys.every((key) => key === 'error' || key === 'message');
}

function outcomeOf(outputs: INodeExecutionData[][], error: Error | undefined): ExecutionOutcome {
	const [main = [], ...errorOutputs] = outputs;
	const items = main.filter((item) => !isErrorItem(item)).length;
	const errorItems = main.length - items + errorOutputs.reduce((sum, output) => sum + output.length, 0);
	return { items, ...(errorItems > 0 ? { errorItems } : {}), ...(error ? { error: error.message } : {}) };
}

const RSS_SAMPLE_MS = 10;

/**
 * The process's peak RSS while `work` runs. The kernel's peak (maxRSS) is exact but covers the
 * process's life, loading n8n included: it is the answer when `work` raised it; else `work` stayed
 * below the loading peak, and the most of RSS sampled every RSS_SAMPLE_MS is.
 */
async function peakRssDuring<T>(work: () => Promise<T>): Promise<{ value: T; peakRssBytes: number }> {
	const lifetimePeakBefore = process.resourceUsage().maxRSS;
	let sampledPeak = process.memoryUsage.rss();
	const sampler = setInterval(() => (sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss())), RSS_SAMPLE_MS);
	try {
		const value = await work();
		sampledPeak = Math.max(sampledPeak, process.memoryUsage.rss());
		const lifetimePeak = process.resourceUsage().maxRSS;
		return { value, peakRssBytes: lifetimePeak > lifetimePeakBefore ? lifetimePeak * 1024 : sampledPeak };
	} finally {
		clearInterval(sampler);
	}
}

/** The calls of the action running in this async context; outside any action, the job's own list. */
const actionCalls = new AsyncLocalStorage<QueueTiming[]>();

/**
 * Records when each call asked for its start, got it and came back, around the process's real
 * limiter; whatever else the limiter is given passes through as it is.
 */
function recordQueueTimings(timings: QueueTiming[]): void {
	const withinBudget = tokenLimiter.withinBudget.bind(tokenLimiter);
	tokenLimiter.withinBudget = async <T>(...[budget, call, ...rest]: Parameters<typeof withinBudget<T>>): Promise<T> => {
		const timing: QueueTiming = { asked: epochNow(), started: Number.NaN };
		(actionCalls.getStore() ?? timings).push(timing);
		return await withinBudget(
			budget,
			// Called again when its first admission found no warm connection: the last start is the real one.
			async (...admission: Parameters<typeof call>) => {
				timing.started = epochNow();
				try {
					return await call(...admission);
				} finally {
					timing.answered = epochNow();
				}
			},
			...rest,
		);
	};
}

class Worker {
	private readonly harness: Harness;
	private requestStop: () => void = () => undefined;
	private readonly stopRequested = new Promise<void>((resolve) => (this.requestStop = resolve));

	constructor(private readonly job: WorkerJobSpec) {
		this.harness = createHarness({
			nodeTypes: { [SEQERA_NODE]: new Seqera(), [ITEM_COPIES_TYPE]: itemCopiesNode },
			credentialTypes: { seqeraApi: new SeqeraApi() },
		});
	}

	stop(): void {
		this.requestStop();
	}

	private credentials(token: string): Record<string, ICredentialDataDecryptedObject> {
		const { maxCallsPerSecond, maxCallsPerHour } = this.job.limits ?? PLATFORM_LIMITS;
		return {
			seqeraApi: {
				accessToken: token,
				server: 'custom',
				baseUrl: this.job.baseUrl,
				apiVersion: '1',
				workspaceId: '',
				// The simulator's certificate is self-signed.
				allowUnauthorizedCerts: this.job.verifyCertificates !== true,
				maxCallsPerSecond,
				maxCallsPerHour,
			},
		};
	}

	private get workspace() {
		return { __rl: true, mode: 'id', value: String(this.job.workspaceId) };
	}

	private async getRuns(token: string, runIds: string[], mode?: WorkflowExecuteMode, type = SEQERA_NODE, answers?: IDataObject[]) {
		return await this.harness.runNode({
			type,
			parameters:
				answers === undefined
					? {
							resource: 'workflow',
							operation: 'get',
							workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
							workspace: this.workspace,
						}
					: { answers: JSON.stringify(answers) },
			items: runIds.map((id): IDataObject => ({ id })),
			onError: this.job.onError,
			credentials: this.credentials(token),
			mode,
		});
	}

	private async outcomeOfRuns(token: string, runIds: string[], mode?: WorkflowExecuteMode): Promise<ExecutionOutcome> {
		const result = await this.getRuns(token, runIds, mode);
		return outcomeOf(result.outputs, result.error);
	}

	/** Runs `act` as one action, its calls recorded apart from the job's. */
	private async action(kind: ActionTiming['kind'], act: () => Promise<string | undefined>): Promise<ActionTiming> {
		const calls: QueueTiming[] = [];
		const startedAt = epochNow();
		const error = await actionCalls.run(calls, async () => {
			try {
				return await act();
			} catch (failure) {
				return (failure as Error).message;
			}
		});
		return { kind, startedAt, answeredAt: epochNow(), calls, ...(error === undefined ? {} : { error }) };
	}

	private async manualExecution(runId: string): Promise<ActionTiming> {
		return await this.action('manual', async () => {
			const outcome = await this.outcomeOfRuns(this.job.token, [runId], 'manual');
			return outcome.items === 1 ? undefined : (outcome.error ?? 'no result');
		});
	}

	private async runListLookup(): Promise<ActionTiming> {
		return await this.action('lookup', async () => {
			const parameters = { resource: 'workflow', operation: 'get', workspace: this.workspace };
			const page = await this.harness.listSearch(
				SEQERA_NODE,
				'searchRuns',
				this.credentials(this.job.token),
				undefined,
				undefined,
				parameters,
			);
			return page.results.length > 0 ? undefined : 'no runs listed';
		});
	}

	private async warmUp(runId: string | undefined): Promise<void> {
		if (this.job.warmUpToken === undefined || runId === undefined) return;
		await this.getRuns(this.job.warmUpToken, [runId]);
	}

	private async waitForStart(): Promise<void> {
		await sleep((this.job.startAt ?? 0) - Date.now());
	}

	async run(timings: QueueTiming[]): Promise<WorkerReport> {
		const { job } = this;
		switch (job.kind) {
			case undefined:
			case 'executions': {
				await this.warmUp(job.executions[0]?.[0]);
				timings.length = 0;
				await this.waitForStart();
				const outcomes = await Promise.all(job.executions.map(async (runIds) => await this.outcomeOfRuns(job.token, runIds)));
				return { outcomes, timings };
			}
			case 'interactive': {
				await this.warmUp(job.sync?.[0] ?? job.actions?.runId);
				timings.length = 0;
				await this.waitForStart();
				const sync = job.sync === undefined ? undefined : this.outcomeOfRuns(job.token, job.sync, 'trigger');
				const until =
					sync === undefined
						? this.stopRequested
						: sync.then(
								() => undefined,
								() => undefined,
							);
				const actions = job.actions === undefined ? [] : await this.actionsUntil(job.actions.everyMs, job.actions.runId, until);
				return { outcomes: sync === undefined ? [] : [await sync], timings, actions };
			}
			case 'idle': {
				const first = await this.manualExecution(job.runId);
				await sleep(job.idleMs);
				const second = await this.manualExecution(job.runId);
				return { outcomes: [], timings, actions: [first, second] };
			}
			case 'memory': {
				const startRssBytes = process.memoryUsage.rss();
				const startedAt = performance.now();
				const result = await peakRssDuring(
					async () =>
						await this.getRuns(
							job.token,
							job.runIds,
							'trigger',
							job.standInAnswers ? ITEM_COPIES_TYPE : SEQERA_NODE,
							job.standInAnswers,
						),
				);
				const durationMs = performance.now() - startedAt;
				// `result` is used below, so the output n8n keeps is still reachable when the heap is measured.
				const retainedHeapBytes = await heapAfterFullGc();
				const samples = (result.value.outputs[0] ?? []).slice(0, job.sampleItems ?? 0).map((item) => item.json);
				return {
					outcomes: [outcomeOf(result.value.outputs, result.value.error)],
					timings,
					memory: { startRssBytes, peakRssBytes: result.peakRssBytes, retainedHeapBytes, durationMs },
					samples,
				};
			}
		}
	}

	/** Starts a lookup and a manual execution every `everyMs`, half a period apart, until `until`; then waits for their answers. */
	private async actionsUntil(everyMs: number, runId: string, until: Promise<void>): Promise<ActionTiming[]> {
		const started: Array<Promise<ActionTiming>> = [];
		let done = false;
		void until.then(() => (done = true));
		for (let tick = 1; ; tick++) {
			await Promise.race([sleep(everyMs / 2), until]);
			if (done) break;
			started.push(tick % 2 === 1 ? this.runListLookup() : this.manualExecution(runId));
		}
		return await Promise.all(started);
	}
}

/** Resolves once the message has been handed to the channel: a disconnect before then loses a large one. */
async function send(message: WorkerMessage): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		if (process.send === undefined) resolve();
		else process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
	});
}

let worker: Worker | undefined;
process.on('message', (command: WorkerCommand) => {
	if (command.type === 'stop') {
		worker?.stop();
		return;
	}
	if (worker !== undefined) return;
	worker = new Worker(command);
	// Recording every call would weigh on the memory it measures.
	const timings: QueueTiming[] = [];
	if (command.kind !== 'memory') recordQueueTimings(timings);
	worker
		.run(timings)
		.then(async (report) => {
			await send({ type: 'done', ...report });
			await closeSharedGates();
			process.disconnect();
		})
		.catch((error: unknown) => {
			console.error(error);
			process.exit(1);
		});
});
void send({ type: 'ready' });
