/**
 * One n8n process of a queue-mode setup, for multiProcess.test.ts and scripts/bench.ts: started with
 * `child_process.fork` (ts-node's transpile-only register), it runs the Seqera node through n8n's engine
 * against the simulator. Sharing (or not) comes from its environment, as in n8n: EXECUTIONS_MODE,
 * QUEUE_BULL_REDIS_*, SEQERA_LIMITER_REDIS.
 *
 * Protocol: it sends `ready` once loaded, runs one `job` when told, answers `done`, and exits.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { tokenLimiter, type TokenBudget } from '../../nodes/Seqera/transport/limiter';
import { closeSharedGates } from '../../nodes/Seqera/transport/gates';
import { createHarness, type RunNodeOptions } from '../engine/harness';

export interface WorkerJob {
	type: 'job';
	baseUrl: string;
	token: string;
	workspaceId: number;
	/** Each execution gets one input item per run ID: Workflow → Get, one call per item. */
	executions: string[][];
	/**
	 * A token with its own budget for one call before the job, so the job measures a process that has
	 * been running: a fresh process's first call spends some 50-100 ms loading and compiling code on its
	 * way out, which is not what the limiter's spacing margin is for.
	 */
	warmUpToken?: string;
	/** Epoch ms to start the executions at (after the warm-up), so that every process starts warm and together. */
	startAt?: number;
	/**
	 * The node's On Error setting; default n8n's (stop the workflow). 'continueErrorOutput' lets every
	 * item be tried and counts the failed ones, where a stop would end the execution at the first.
	 */
	onError?: RunNodeOptions['onError'];
}

/** When a call asked the limiter and when it was let start, as epoch ms (fractional). */
export interface QueueTiming {
	asked: number;
	started: number;
}

export interface ExecutionOutcome {
	/** Output items that are results, not errors. */
	items: number;
	/** Output items that are errors (error output, or Continue On Fail); only when there are any. */
	errorItems?: number;
	/** The execution's own error, when it stopped. */
	error?: string;
}

export type WorkerMessage =
	| { type: 'ready' }
	| { type: 'done'; outcomes: ExecutionOutcome[]; timings: QueueTiming[] };

const SEQERA_NODE = 'n8n-nodes-seqera.seqera';

const epochNow = () => performance.timeOrigin + performance.now();

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

/** Records when each call asked for its start and when it got it, around the process's real limiter. */
function recordQueueTimings(): QueueTiming[] {
	const timings: QueueTiming[] = [];
	const withinBudget = tokenLimiter.withinBudget.bind(tokenLimiter);
	tokenLimiter.withinBudget = async <T>(budget: TokenBudget, call: () => Promise<T>, signal?: AbortSignal): Promise<T> => {
		const asked = epochNow();
		return await withinBudget(
			budget,
			async () => {
				timings.push({ asked, started: epochNow() });
				return await call();
			},
			signal,
		);
	};
	return timings;
}

async function run(job: WorkerJob, timings: QueueTiming[]): Promise<WorkerMessage> {
	const harness = createHarness({ nodeTypes: { [SEQERA_NODE]: new Seqera() }, credentialTypes: { seqeraApi: new SeqeraApi() } });
	const getRuns = async (token: string, runIds: string[]): Promise<ExecutionOutcome> => {
		const result = await harness.runNode({
			type: SEQERA_NODE,
			parameters: {
				resource: 'workflow',
				operation: 'get',
				workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				workspace: { __rl: true, mode: 'id', value: String(job.workspaceId) },
			},
			items: runIds.map((id): IDataObject => ({ id })),
			onError: job.onError,
			credentials: {
				seqeraApi: {
					accessToken: token,
					server: 'custom',
					baseUrl: job.baseUrl,
					apiVersion: '1',
					workspaceId: '',
					// The simulator's certificate is self-signed.
					allowUnauthorizedCerts: true,
					maxCallsPerSecond: 20,
					maxCallsPerHour: 72000,
				},
			},
		});
		return outcomeOf(result.outputs, result.error);
	};
	if (job.warmUpToken !== undefined && job.executions[0]?.length) {
		await getRuns(job.warmUpToken, job.executions[0].slice(0, 1));
		timings.length = 0;
	}
	await new Promise((resolve) => setTimeout(resolve, Math.max(0, (job.startAt ?? 0) - Date.now())));
	const outcomes = await Promise.all(job.executions.map(async (runIds) => await getRuns(job.token, runIds)));
	return { type: 'done', outcomes, timings };
}

function send(message: WorkerMessage): void {
	process.send?.(message);
}

const timings = recordQueueTimings();
process.once('message', (job: WorkerJob) => {
	run(job, timings)
		.then(async (message) => {
			send(message);
			await closeSharedGates();
			process.disconnect();
		})
		.catch((error: unknown) => {
			console.error(error);
			process.exit(1);
		});
});
send({ type: 'ready' });
