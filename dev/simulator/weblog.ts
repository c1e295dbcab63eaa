/**
 * Posts a launched run's events as Nextflow's nf-weblog plugin does, when the launch's Nextflow config
 * (`configText`) turns a `weblog` scope on and the run's Nextflow loads the plugin (weblogConfig.ts reads
 * both, with the pre-run script and the run's Nextflow version): `started` when the run turns
 * RUNNING, `process_submitted`, `process_started` and `process_completed` for its tasks at their trace
 * times, and at the run's end `error` (a failed run, with the failed task's trace) and `completed`.
 *
 * As nf-weblog does (WebLogObserver.groovy), a run's events go out one at a time, in order, each a JSON
 * POST with Basic auth from `basicToken`, each once: a post that fails or is refused is logged and dropped.
 *
 * The platform learns of a run's end from Nextflow, after the weblog: Session.notifyFlowComplete() calls
 * the trace observers in turn, nf-weblog's posts `error` and `completed` and waits for the answer to
 * `completed`, and only then does nf-tower's send `PUT /trace/{id}/complete`. So the end of a run whose
 * events are posted is held (data.ts): at its end time it still shows RUNNING while `completed`, whose
 * metadata describes the ended run, is posted; once that post is answered or has failed (or was not
 * sent) and a lag drawn per run has passed (`platformLagMs`), the poster releases the end and the
 * platform shows the run terminal. A client that reads the run on receiving `completed` sees it RUNNING.
 *
 * A run cancelled on the platform turns CANCELLED at once and its head job is killed: Nextflow then posts
 * `completed` as it shuts down, or dies first and posts nothing (`cancelSilentChance`).
 *
 * Beyond what Nextflow does, the simulator can post an event twice (`duplicateChance`), post nothing for
 * a run (`silentRunChance`), or leave out the final events (`dropFinalEvents`), so clients meet what a
 * network and a proxy in between can do.
 *
 * Run status is computed when read (data.ts), so each run has a timer that fires at each step of its
 * schedule.
 */
import http from 'node:http';
import https from 'node:https';
import { isoSeconds } from './apiTypes';
import { endOf, type RunWatcher, type SimulatorData } from './data';
import { statsDto, workflowDto } from './dto';
import type { SimRun } from './model';
import { SeededRandom, hashString } from './random';
import { tasksOf, type SimTask } from './runDetails';
import { runWeblogTargetOf, type WeblogTarget } from './weblogConfig';

export type WeblogEvent = 'started' | 'process_submitted' | 'process_started' | 'process_completed' | 'error' | 'completed';

/** The body of a post, as nf-weblog writes it: `trace` for task events and `error`, `metadata` for `started` and `completed`. */
export interface WeblogMessage {
	runName: string;
	/** The run's sessionId. */
	runId: string;
	event: WeblogEvent;
	/** When the event happened, `YYYY-MM-DDTHH:MM:SSZ`. */
	utcTime: string;
	trace?: Record<string, unknown>;
	metadata?: { parameters: Record<string, unknown>; workflow: Record<string, unknown> };
}

/** One post, in `sim.weblog.posts`. */
export interface WeblogPost {
	workflowId: string;
	event: WeblogEvent;
	url: string;
	/** performance.now() when it was sent. */
	at: number;
	/** performance.now() when its answer came or it failed; absent while it is under way. */
	answeredAt?: number;
	/** The receiver's HTTP status; 0 when none came (connection refused, timeout, simulator closed). */
	status: number;
	/** Why no status came. */
	error?: string;
	/** A second post of the message before it (the duplicate fault). */
	duplicate: boolean;
	message: WeblogMessage;
}

export interface WeblogOptions {
	/** Chance that an event is posted twice in a row, which Nextflow never does; default 0. */
	duplicateChance?: number;
	/** Chance, drawn once per run, that the run posts nothing at all; default 0. */
	silentRunChance?: number;
	/** Leave out every run's `error` and `completed` events; default false. */
	dropFinalEvents?: boolean;
	/**
	 * How long after a run's `completed` post was answered (or failed, or was not sent) the platform shows
	 * the run ended, drawn once per run from [min, max] ms: nf-tower's report of the end, sent after it,
	 * and the platform's handling of it; default [100, 5000].
	 */
	platformLagMs?: readonly [number, number];
	/** Chance, drawn once per run, that a run cancelled after it started posts nothing, its Nextflow killed before it could post `completed`; default 0.5. */
	cancelSilentChance?: number;
	/** Seed of the per-run draws and the duplicates'. */
	seed?: number;
}

export const DEFAULT_WEBLOG_SEED = 5678;
const DEFAULT_PLATFORM_LAG_MS: readonly [number, number] = [100, 5000];
/** How long a cancelled run's Nextflow takes to shut down and post `completed`. */
const CANCELLED_RUN_SHUTDOWN_MS = 300;
/** A post with no answer within this long fails, so a receiver that never answers cannot hold back a run's later events for good. */
const POST_TIMEOUT_MS = 30_000;
/** The CLI may run for days; old posts are dropped from the log beyond this many. */
const MAX_POSTS = 200_000;
/** How long `nextPost` and `settled` wait unless told. */
const DEFAULT_WAIT_MS = 15_000;

type Payload = Pick<WeblogMessage, 'trace' | 'metadata'>;

type Step =
	| { at: number; kind: 'started' }
	| { at: number; kind: 'task'; event: 'process_submitted' | 'process_started' | 'process_completed'; task: SimTask }
	| { at: number; kind: 'end' };

/** What the poster keeps for a run it posts events for. */
interface FollowedRun {
	workflowId: string;
	target: WeblogTarget;
	silent: boolean;
	/** Cancelled after it started, it posts nothing. */
	silentIfCancelled: boolean;
	/** How long after its end was posted the platform shows the run ended. */
	platformLagMs: number;
	/** What the run's end sets, which its `completed` reports before the platform shows it. */
	outcome: ReturnType<typeof endOf>;
	/** What is left to post, in the order of their times (performance.now()). */
	steps: Step[];
	/** The next step's, then that of the lag after the end, or of a cancelled run's shutdown. */
	timer?: NodeJS.Timeout;
	startedPosted: boolean;
	/** Posts go out one after another, as nf-weblog's agent sends them; the release of the run's end follows them. */
	queue: Promise<void>;
	/** Resolves when the run will post nothing more and the platform shows it ended. */
	settled: Promise<void>;
	settle: () => void;
	/** Its end or its cancel was taken: no more steps. */
	ended: boolean;
}

function chance(name: string, value: number): number {
	if (!(value >= 0 && value <= 1)) throw new Error(`Weblog option ${name} must be between 0 and 1, got ${value}`);
	return value;
}

function lagRange([min, max]: readonly [number, number]): [number, number] {
	if (!(min >= 0 && max >= min && Number.isFinite(max)))
		throw new Error(`Weblog option platformLagMs must be [min, max] with 0 <= min <= max, got [${min}, ${max}]`);
	return [min, max];
}

/** A task's trace record at a stage, with the fields of Nextflow's trace report; what is not known yet is null. */
function traceOf(task: SimTask, stage: 'submitted' | 'started' | 'completed'): Record<string, unknown> {
	const started = stage !== 'submitted';
	const done = stage === 'completed';
	const measured = (value: unknown) => (done ? (value ?? null) : null);
	return {
		task_id: task.taskId,
		hash: task.hash,
		native_id: task.nativeId ?? null,
		name: task.name,
		process: task.process,
		tag: task.tag,
		status: done ? task.status : started ? 'RUNNING' : 'SUBMITTED',
		exit: measured(task.exit),
		module: [],
		container: task.container,
		attempt: 1,
		script: task.script,
		scratch: null,
		workdir: task.workdir,
		queue: null,
		cpus: task.cpus,
		memory: task.memory,
		disk: null,
		time: task.time,
		env: null,
		error_action: measured(task.errorAction),
		submit: task.submit?.getTime() ?? null,
		start: started ? (task.start?.getTime() ?? null) : null,
		complete: measured(task.complete?.getTime()),
		duration: measured(task.duration),
		realtime: measured(task.realtime),
		'%cpu': measured(task.pcpu),
		'%mem': measured(task.pmem),
		peak_rss: measured(task.peakRss),
		peak_vmem: measured(task.peakVmem),
		rchar: measured(task.rchar),
		wchar: measured(task.wchar),
		read_bytes: measured(task.readBytes),
		write_bytes: measured(task.writeBytes),
		vol_ctxt: measured(task.volCtxt),
		inv_ctxt: measured(task.invCtxt),
	};
}

/** nf-weblog's `metadata`: the run's params and Nextflow's WorkflowMetadata, as at the start or at the end of the run. */
function metadataOf(run: SimRun, tasks: readonly SimTask[], final: boolean): NonNullable<WeblogMessage['metadata']> {
	const dto = workflowDto(run, tasks);
	const atEnd = (value: unknown) => (final ? (value ?? null) : null);
	const picked = Object.fromEntries(
		[
			'projectName',
			'repository',
			'commitId',
			'revision',
			'scriptName',
			'scriptFile',
			'projectDir',
			'launchDir',
			'workDir',
			'homeDir',
			'userName',
			'profile',
			'commandLine',
			'configFiles',
			'container',
			'containerEngine',
			'manifest',
			'nextflow',
			'resume',
		].map((key) => [key, dto[key] ?? null]),
	);
	return {
		parameters: run.params,
		workflow: {
			runName: run.runName,
			sessionId: run.sessionId,
			start: dto.start ?? null,
			complete: atEnd(dto.complete),
			duration: atEnd(dto.duration),
			success: final && run.status === 'SUCCEEDED',
			exitStatus: atEnd(run.exitStatus),
			errorMessage: atEnd(dto.errorMessage),
			errorReport: atEnd(dto.errorReport),
			scriptId: hashString(run.repository + run.commitId)
				.toString(16)
				.padStart(32, '0'),
			stubRun: run.launch.stubRun,
			stats: statsDto(final ? tasks : []),
			...picked,
		},
	};
}

/** What a run will post, at the times its tasks' traces give, between `started` and its end. */
function scheduleOf(run: SimRun, data: SimulatorData): Step[] {
	const progression = run.progression!;
	const launched = run.submit.getTime();
	const startAt = progression.launchedAt + progression.stepMs;
	const endAt = progression.launchedAt + 2 * progression.stepMs;
	// The run as it will be when it ends: its tasks, their hashes and times are those GET /workflow/{id}/tasks will give.
	const ended: SimRun = { ...run, ...endOf(run, progression), start: new Date(launched + progression.stepMs) };
	const within = (date: Date) => Math.min(endAt, Math.max(startAt, progression.launchedAt + date.getTime() - launched));
	const steps: Step[] = [{ at: startAt, kind: 'started' }];
	for (const task of tasksOf(ended, data.computeEnvById(run.computeEnvId))) {
		// Nextflow reports a cached task to no weblog event, and an aborted one only as far as it started.
		if (task.status === 'CACHED' || !task.submit || !task.start) continue;
		steps.push({ at: within(task.submit), kind: 'task', event: 'process_submitted', task });
		steps.push({ at: within(task.start), kind: 'task', event: 'process_started', task });
		if (task.complete && task.status !== 'ABORTED')
			steps.push({ at: within(task.complete), kind: 'task', event: 'process_completed', task });
	}
	steps.push({ at: endAt, kind: 'end' });
	// Stable: `started` stays first and the end last among steps due at the same time.
	return steps.sort((a, b) => a.at - b.at);
}

export class WeblogPoster implements RunWatcher {
	/** Every post, oldest first (the latest 200 000). */
	readonly posts: WeblogPost[] = [];
	duplicateChance: number;
	silentRunChance: number;
	dropFinalEvents: boolean;
	platformLagMs: [number, number];
	cancelSilentChance: number;
	private random: SeededRandom;
	private readonly runs = new Map<string, FollowedRun>();
	private readonly requests = new Set<http.ClientRequest>();
	private readonly watchers = new Set<(post: WeblogPost) => void>();
	private closed = false;

	constructor(
		private readonly data: SimulatorData,
		options: WeblogOptions = {},
	) {
		this.duplicateChance = chance('duplicateChance', options.duplicateChance ?? 0);
		this.silentRunChance = chance('silentRunChance', options.silentRunChance ?? 0);
		this.dropFinalEvents = options.dropFinalEvents ?? false;
		this.platformLagMs = lagRange(options.platformLagMs ?? DEFAULT_PLATFORM_LAG_MS);
		this.cancelSilentChance = chance('cancelSilentChance', options.cancelSilentChance ?? 0.5);
		this.random = new SeededRandom(options.seed ?? DEFAULT_WEBLOG_SEED);
	}

	/** Starts the per-run draws and those of duplicates again from a seed. */
	reseed(seed: number): void {
		this.random = new SeededRandom(seed);
	}

	/** The posts made for a run, oldest first. */
	postsOf(workflowId: string): WeblogPost[] {
		return this.posts.filter((post) => post.workflowId === workflowId);
	}

	/**
	 * The next post for the run answered (or failed) after this call, of `event` if given; rejects after
	 * `timeoutMs` (default 15 s) naming what the run posted.
	 */
	nextPost(
		workflowId: string,
		{ event, timeoutMs = DEFAULT_WAIT_MS }: { event?: WeblogEvent; timeoutMs?: number } = {},
	): Promise<WeblogPost> {
		return new Promise((resolve, reject) => {
			const timer = setTimeout(() => {
				this.watchers.delete(watcher);
				reject(
					new Error(
						`No ${event ?? 'weblog'} post for run ${workflowId} within ${timeoutMs} ms; it posted: ${this.describe(workflowId)}`,
					),
				);
			}, timeoutMs);
			const watcher = (post: WeblogPost) => {
				if (post.workflowId !== workflowId || (event !== undefined && post.event !== event)) return;
				clearTimeout(timer);
				this.watchers.delete(watcher);
				resolve(post);
			};
			this.watchers.add(watcher);
		});
	}

	/**
	 * Resolves with the run's posts once it will post nothing more and the platform shows it ended: its end
	 * was posted (or dropped, or the run was silent) and the lag after it passed, or it was cancelled (and
	 * posted `completed` or not), or it was deleted. At once for a run that posts no events.
	 */
	async settled(workflowId: string, { timeoutMs = DEFAULT_WAIT_MS }: { timeoutMs?: number } = {}): Promise<WeblogPost[]> {
		const run = this.runs.get(workflowId);
		if (run) {
			let timer: NodeJS.Timeout | undefined;
			const timeout = new Promise<never>((_, reject) => {
				timer = setTimeout(
					() =>
						reject(new Error(`Run ${workflowId} still posting after ${timeoutMs} ms; it posted: ${this.describe(workflowId)}`)),
					timeoutMs,
				);
			});
			await Promise.race([run.settled, timeout]).finally(() => clearTimeout(timer));
		}
		return this.postsOf(workflowId);
	}

	launched(run: SimRun): void {
		const target = runWeblogTargetOf(run.launch, run.nextflowVersion);
		if (!target || !run.progression || this.closed) return;
		let settle!: () => void;
		const settled = new Promise<void>((resolve) => (settle = resolve));
		const [minLagMs, maxLagMs] = this.platformLagMs;
		const followed: FollowedRun = {
			workflowId: run.id,
			target,
			silent: this.random.next() < this.silentRunChance,
			silentIfCancelled: this.random.next() < this.cancelSilentChance,
			platformLagMs: minLagMs + this.random.next() * (maxLagMs - minLagMs),
			outcome: endOf(run, run.progression),
			steps: scheduleOf(run, this.data),
			startedPosted: false,
			queue: Promise.resolve(),
			settled,
			settle,
			ended: false,
		};
		this.runs.set(run.id, followed);
		this.data.holdRunEnd(run);
		this.arm(followed);
	}

	/**
	 * The platform has made the run CANCELLED and killed its head job. One still SUBMITTED had not started
	 * Nextflow, and posts nothing; a started one posts `completed`, not a success, as Nextflow shuts down,
	 * unless it was killed before it could.
	 */
	cancelled(run: SimRun): void {
		const followed = this.runs.get(run.id);
		if (!followed || followed.ended) return;
		clearTimeout(followed.timer);
		followed.steps = [];
		followed.ended = true;
		if (!followed.startedPosted || followed.silentIfCancelled) return this.forget(followed);
		followed.timer = setTimeout(() => {
			this.enqueueFinal(followed, 'completed', run, () => ({ metadata: metadataOf(run, this.tasksOf(run), true) }));
			this.forget(followed);
		}, CANCELLED_RUN_SHUTDOWN_MS);
	}

	/** Stops every timer and cuts every post under way; nothing more is posted. */
	close(): void {
		this.closed = true;
		for (const run of this.runs.values()) {
			clearTimeout(run.timer);
			run.steps = [];
			run.settle();
		}
		for (const request of this.requests) request.destroy(new Error('simulator closed'));
		this.watchers.clear();
	}

	private describe(workflowId: string): string {
		const posts = this.postsOf(workflowId);
		return posts.length === 0
			? 'nothing'
			: posts.map((post) => `${post.event} (${post.status || post.error || 'under way'})`).join(', ');
	}

	private tasksOf(run: SimRun): SimTask[] {
		return tasksOf(run, this.data.computeEnvById(run.computeEnvId));
	}

	/** One timer per run, set for its next step. */
	private arm(followed: FollowedRun, minimumMs = 0): void {
		const next = followed.steps[0];
		if (!next || this.closed) return;
		followed.timer = setTimeout(() => this.fire(followed), Math.max(minimumMs, next.at - performance.now()));
	}

	private fire(followed: FollowedRun): void {
		const now = performance.now();
		while (followed.steps.length > 0 && followed.steps[0].at <= now) {
			const run = this.data.findRun(followed.workflowId);
			if (!run) {
				// Deleted: the platform drops its head job, and nothing more is heard from it.
				followed.steps = [];
				this.forget(followed);
				return;
			}
			const step = followed.steps[0];
			// The run's clock (data.ts) and this timer's may part by a fraction of a millisecond: wait for the run to start.
			if (step.kind === 'started' && run.status === 'SUBMITTED') return this.arm(followed, 1);
			followed.steps.shift();
			this.take(followed, run, step);
		}
		this.arm(followed);
	}

	private take(followed: FollowedRun, run: SimRun, step: Step): void {
		switch (step.kind) {
			case 'started':
				followed.startedPosted = true;
				this.enqueue(followed, 'started', run, () => ({ metadata: metadataOf(run, [], false) }));
				return;
			case 'task': {
				const stage = step.event === 'process_submitted' ? 'submitted' : step.event === 'process_started' ? 'started' : 'completed';
				this.enqueue(followed, step.event, run, () => ({ trace: traceOf(step.task, stage) }));
				return;
			}
			case 'end': {
				// Nextflow has ended the run; the platform, not told yet, still shows it RUNNING.
				const ended: SimRun = { ...run, ...followed.outcome };
				const tasks = this.tasksOf(ended);
				const failed = tasks.find((task) => task.status === 'FAILED');
				if (ended.status === 'FAILED' && failed)
					this.enqueueFinal(followed, 'error', ended, () => ({ trace: traceOf(failed, 'completed') }));
				this.enqueueFinal(followed, 'completed', ended, () => ({ metadata: metadataOf(ended, tasks, true) }));
				followed.queue = followed.queue.then(() => this.releaseEndAfterLag(followed));
				this.forget(followed);
			}
		}
	}

	/** nf-tower reports the end once nf-weblog's `completed` is answered, and the platform shows it a while later. */
	private releaseEndAfterLag(followed: FollowedRun): Promise<void> {
		if (this.closed) return Promise.resolve();
		return new Promise((resolve) => {
			followed.timer = setTimeout(() => {
				this.data.releaseRunEnd(followed.workflowId);
				resolve();
			}, followed.platformLagMs);
		});
	}

	private enqueueFinal(followed: FollowedRun, event: 'error' | 'completed', run: SimRun, payload: () => Payload): void {
		if (!this.dropFinalEvents) this.enqueue(followed, event, run, payload);
	}

	/** The message is made now, when the event happens; it is posted after the run's earlier posts. */
	private enqueue(followed: FollowedRun, event: WeblogEvent, run: SimRun, payload: () => Payload): void {
		if (followed.silent) return;
		const message: WeblogMessage = { runName: run.runName, runId: run.sessionId, event, utcTime: isoSeconds(new Date()), ...payload() };
		followed.queue = followed.queue.then(async () => {
			await this.post(followed, message, false);
			// No draw when duplicates are off, so the per-run draws follow from the seed and the launches alone.
			if (this.duplicateChance > 0 && this.random.next() < this.duplicateChance) await this.post(followed, message, true);
		});
	}

	/** Once all that was queued for it is done the run is forgotten: `settled` then answers at once. */
	private forget(followed: FollowedRun): void {
		followed.ended = true;
		void followed.queue.then(() => {
			this.runs.delete(followed.workflowId);
			followed.settle();
		});
	}

	private post(followed: FollowedRun, message: WeblogMessage, duplicate: boolean): Promise<void> {
		if (this.closed) return Promise.resolve();
		const { url, basicToken } = followed.target;
		const post: WeblogPost = {
			workflowId: followed.workflowId,
			event: message.event,
			url,
			at: performance.now(),
			status: 0,
			duplicate,
			message,
		};
		this.posts.push(post);
		if (this.posts.length > MAX_POSTS) this.posts.splice(0, this.posts.length - MAX_POSTS * 0.9);
		const body = JSON.stringify(message);
		const options: http.RequestOptions = {
			method: 'POST',
			agent: false,
			timeout: POST_TIMEOUT_MS,
			headers: {
				'Content-Type': 'application/json',
				'Content-Length': Buffer.byteLength(body),
				...(basicToken === undefined ? {} : { Authorization: `Basic ${Buffer.from(basicToken).toString('base64')}` }),
			},
		};
		return new Promise((resolve) => {
			const finish = (status: number, error?: string) => {
				if (post.answeredAt !== undefined) return;
				this.requests.delete(request);
				post.status = status;
				post.error = error;
				post.answeredAt = performance.now();
				for (const watcher of this.watchers) watcher(post);
				resolve();
			};
			const answered = (response: http.IncomingMessage) => {
				response.resume();
				finish(response.statusCode ?? 0);
			};
			// A receiver with a self-signed certificate is taken, as a test or a local n8n has one.
			const request = url.startsWith('https:')
				? https.request(url, { ...options, rejectUnauthorized: false }, answered)
				: http.request(url, options, answered);
			this.requests.add(request);
			request.on('timeout', () => request.destroy(new Error(`no answer within ${POST_TIMEOUT_MS} ms`)));
			request.on('error', (error) => finish(0, error.message));
			request.end(body);
		});
	}
}
