/**
 * Everything the platform reports about a run beyond its record: tasks,
 * progress counters, per-process metrics, console log and downloadable files.
 * All of it is derived on demand from the run (seeded by its id), so a run
 * that changes status changes its details consistently, with nothing to store.
 */
import type { SimComputeEnv, SimRun } from './model';
import { SeededRandom, hashString } from './random';
import { projectInfo } from './seed';

export type TaskStatus = 'NEW' | 'SUBMITTED' | 'RUNNING' | 'CACHED' | 'COMPLETED' | 'FAILED' | 'ABORTED';

export interface SimTask {
	/** Internal numeric id. */
	id: number;
	/** Nextflow's task number within the run, used in /workflow/{id}/task/{taskId}. */
	taskId: number;
	process: string;
	name: string;
	tag: string;
	status: TaskStatus;
	hash: string;
	submit?: Date;
	start?: Date;
	complete?: Date;
	exit?: number;
	cpus: number;
	/** Bytes requested. */
	memory: number;
	/** Time requested, ms. */
	time: number;
	realtime?: number;
	duration?: number;
	pcpu?: number;
	pmem?: number;
	peakRss?: number;
	peakVmem?: number;
	rchar?: number;
	wchar?: number;
	readBytes?: number;
	writeBytes?: number;
	volCtxt?: number;
	invCtxt?: number;
	cost?: number;
	container: string;
	workdir: string;
	nativeId?: string;
	executor: string;
	machineType: string;
	cloudZone: string;
	priceModel: 'standard' | 'spot';
	errorAction?: string;
	script: string;
}

const GB = 1024 ** 3;
const MINUTE = 60_000;

function executorOf(computeEnv: SimComputeEnv | undefined): string {
	switch (computeEnv?.platform) {
		case 'google-batch':
			return 'google-batch';
		case 'slurm-platform':
			return 'slurm';
		default:
			return 'awsbatch';
	}
}

interface TaskPlan {
	process: string;
	tag: string;
}

/** Per-sample processes, then the final aggregate process once: the shape of a typical nf-core run. */
function planTasks(run: SimRun): TaskPlan[] {
	const project = projectInfo(run.projectName);
	const samples = 2 + (hashString(run.id) % 5);
	const perSample = project.processes.length > 1 ? project.processes.slice(0, -1) : project.processes;
	const plans: TaskPlan[] = [];
	for (const process of perSample) {
		for (let sample = 1; sample <= samples; sample++) plans.push({ process, tag: `sample_${sample}` });
	}
	if (project.processes.length > 1) plans.push({ process: project.processes[project.processes.length - 1], tag: 'all' });
	return plans;
}

/** Task statuses implied by the run status, in task order; tasks not started yet are left out. */
function taskStatuses(run: SimRun, count: number): TaskStatus[] {
	const fill = (parts: Array<[TaskStatus, number]>): TaskStatus[] => {
		const out: TaskStatus[] = [];
		for (const [status, n] of parts) for (let i = 0; i < n && out.length < count; i++) out.push(status);
		return out;
	};
	const done = (fraction: number) => Math.floor(count * fraction);
	switch (run.status) {
		case 'SUBMITTED':
			return [];
		case 'SUCCEEDED': {
			const cached = run.resume ? done(0.3) : 0;
			return fill([
				['CACHED', cached],
				['COMPLETED', count - cached],
			]);
		}
		case 'FAILED':
			return fill([
				['COMPLETED', done(0.6)],
				['FAILED', 1],
				['ABORTED', 2],
			]);
		case 'CANCELLED':
			return fill([
				['COMPLETED', done(0.5)],
				['ABORTED', 2],
			]);
		case 'RUNNING':
			return fill([
				['COMPLETED', done(0.4)],
				['RUNNING', 2],
				['SUBMITTED', 1],
				['NEW', count],
			]);
		case 'UNKNOWN':
			return fill([
				['COMPLETED', done(0.4)],
				['RUNNING', 2],
			]);
	}
}

export function tasksOf(run: SimRun, computeEnv: SimComputeEnv | undefined, now = new Date()): SimTask[] {
	const plans = planTasks(run);
	const statuses = taskStatuses(run, plans.length);
	if (!run.start || statuses.length === 0) return [];
	const project = projectInfo(run.projectName);
	const runStart = run.start.getTime();
	const runEnd = Math.max(runStart + MINUTE, (run.complete ?? now).getTime());
	const slot = (runEnd - runStart) / statuses.length;
	const executor = executorOf(computeEnv);
	const region = computeEnv?.region ?? 'eu-west-1';
	const idBase = 1_000_000 + (hashString(run.id) % 9_000_000) * 100;

	return statuses.map((status, index) => {
		const plan = plans[index];
		const random = new SeededRandom(hashString(`${run.id}/${index}`));
		const taskId = index + 1;
		const hash = `${random.hex(2)}/${random.hex(6)}`;
		const cpus = random.pick([1, 2, 4, 8]);
		const memory = random.pick([2, 4, 8, 16]) * GB;
		const task: SimTask = {
			id: idBase + taskId,
			taskId,
			process: plan.process,
			name: `${plan.process} (${plan.tag})`,
			tag: plan.tag,
			status,
			hash,
			cpus,
			memory,
			time: random.pick([1, 2, 4, 8]) * 60 * MINUTE,
			container: project.container,
			workdir: `${run.workDir}/${hash.slice(0, 2)}/${hash.slice(3)}${random.hex(24)}`,
			executor,
			machineType: executor === 'slurm' ? 'hpc-node' : random.pick(['m5.xlarge', 'm5.2xlarge', 'c5.4xlarge']),
			cloudZone: executor === 'slurm' ? 'on-premise' : `${region}${random.pick(['a', 'b', 'c'])}`,
			priceModel: random.next() < 0.6 ? 'spot' : 'standard',
			script: `\n    ${plan.process.split(':').pop()?.toLowerCase()} --threads ${cpus} ${plan.tag}\n    `,
		};
		if (status === 'NEW') return task;

		const submit = runStart + index * slot;
		task.submit = new Date(submit);
		task.nativeId = executor === 'slurm' ? String(100000 + index) : random.hex(8) + '-' + random.hex(4) + '-' + random.hex(4);
		if (status === 'SUBMITTED') return task;

		const start = submit + Math.min(slot * 0.1, 30_000);
		task.start = new Date(start);
		if (status === 'RUNNING') return task;

		const realtime = Math.max(1000, Math.round(slot * 0.85));
		task.complete = new Date(start + realtime);
		task.realtime = realtime;
		task.duration = Math.round(task.complete.getTime() - submit);
		task.exit = status === 'FAILED' ? 1 : status === 'ABORTED' ? 143 : 0;
		if (status === 'FAILED') task.errorAction = 'TERMINATE';
		task.pcpu = Math.round(cpus * random.int(40, 98)) + 0.5;
		task.pmem = random.int(5, 60) + 0.25;
		task.peakRss = Math.round((memory * random.int(20, 90)) / 100);
		task.peakVmem = task.peakRss + random.int(1, 4) * GB;
		task.rchar = random.int(10, 4000) * 1024 ** 2;
		task.wchar = random.int(1, 800) * 1024 ** 2;
		task.readBytes = Math.round(task.rchar * 0.9);
		task.writeBytes = Math.round(task.wchar * 0.95);
		task.volCtxt = random.int(100, 90_000);
		task.invCtxt = random.int(10, 9_000);
		task.cost = Math.round(cpus * (realtime / 3_600_000) * 0.048 * 10_000) / 10_000;
		return task;
	});
}

export interface LoadCounters {
	pending: number;
	submitted: number;
	running: number;
	succeeded: number;
	cached: number;
	failed: number;
	aborted: number;
	ignored: number;
	retries: number;
	cpus: number;
	cpuTime: number;
	cpuLoad: number;
	memoryRss: number;
	memoryReq: number;
	readBytes: number;
	writeBytes: number;
	volCtxSwitch: number;
	invCtxSwitch: number;
	loadTasks: number;
	loadCpus: number;
	loadMemory: number;
	peakCpus: number;
	peakTasks: number;
	peakMemory: number;
	cost: number;
	cpuEfficiency: number;
	memoryEfficiency: number;
}

/** The counters of WorkflowLoad / ProcessLoad, computed over a set of tasks. */
export function loadOf(tasks: readonly SimTask[]): LoadCounters {
	const count = (status: TaskStatus) => tasks.filter((t) => t.status === status).length;
	const sum = (values: Array<number | undefined>) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
	const finished = tasks.filter((t) => t.realtime !== undefined);
	const active = tasks.filter((t) => t.status === 'RUNNING');
	const cpuTime = sum(finished.map((t) => (t.realtime ?? 0) * t.cpus));
	const cpuLoad = sum(finished.map((t) => ((t.realtime ?? 0) * (t.pcpu ?? 0)) / 100));
	const memoryReq = sum(finished.map((t) => t.memory));
	const memoryRss = sum(finished.map((t) => t.peakRss));
	const peakTasks = Math.max(active.length, Math.min(tasks.length, 6));
	const largest = tasks.reduce((max, t) => Math.max(max, t.cpus), 0);
	const largestMemory = tasks.reduce((max, t) => Math.max(max, t.memory), 0);
	return {
		pending: count('NEW'),
		submitted: count('SUBMITTED'),
		running: active.length,
		succeeded: count('COMPLETED'),
		cached: count('CACHED'),
		failed: count('FAILED'),
		aborted: count('ABORTED'),
		ignored: 0,
		retries: 0,
		cpus: sum(finished.map((t) => t.cpus)),
		cpuTime,
		cpuLoad: Math.round(cpuLoad),
		memoryRss,
		memoryReq,
		readBytes: sum(finished.map((t) => t.readBytes)),
		writeBytes: sum(finished.map((t) => t.writeBytes)),
		volCtxSwitch: sum(finished.map((t) => t.volCtxt)),
		invCtxSwitch: sum(finished.map((t) => t.invCtxt)),
		loadTasks: active.length,
		loadCpus: sum(active.map((t) => t.cpus)),
		loadMemory: sum(active.map((t) => t.memory)),
		peakCpus: peakTasks * largest,
		peakTasks,
		peakMemory: peakTasks * largestMemory,
		cost: Math.round(sum(finished.map((t) => t.cost)) * 10_000) / 10_000,
		cpuEfficiency: cpuTime > 0 ? Math.round((cpuLoad / cpuTime) * 10_000) / 100 : 0,
		memoryEfficiency: memoryReq > 0 ? Math.round((memoryRss / memoryReq) * 10_000) / 100 : 0,
	};
}

export interface ResourceSummary {
	min: number;
	q1: number;
	q2: number;
	q3: number;
	max: number;
	mean: number;
	minLabel: string;
	q1Label: string;
	q2Label: string;
	q3Label: string;
	maxLabel: string;
}

/** Quartiles with the name of the task at each point, like the platform's metrics box plots. */
export function summarise(samples: ReadonlyArray<{ value: number; label: string }>): ResourceSummary | undefined {
	if (samples.length === 0) return undefined;
	const sorted = [...samples].sort((a, b) => a.value - b.value);
	const at = (fraction: number) => sorted[Math.round(fraction * (sorted.length - 1))];
	const round = (value: number) => Math.round(value * 100) / 100;
	return {
		min: round(at(0).value),
		q1: round(at(0.25).value),
		q2: round(at(0.5).value),
		q3: round(at(0.75).value),
		max: round(at(1).value),
		mean: round(sorted.reduce((total, s) => total + s.value, 0) / sorted.length),
		minLabel: at(0).label,
		q1Label: at(0.25).label,
		q2Label: at(0.5).label,
		q3Label: at(0.75).label,
		maxLabel: at(1).label,
	};
}

function formatDuration(ms: number): string {
	const minutes = Math.round(ms / MINUTE);
	return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${Math.max(1, minutes)}m`;
}

/** Console output of the Nextflow head job, as far as the run has got. */
export function consoleLines(run: SimRun, tasks: readonly SimTask[]): string[] {
	if (run.status === 'SUBMITTED') return [];
	const lines = [
		`N E X T F L O W  ~  version ${run.nextflowVersion}`,
		`Launching \`${run.repository}\` [${run.runName}] DSL2 - revision: ${run.commitId.slice(0, 10)} [${run.revision}]`,
		'',
		`Monitor the execution with Seqera Platform using this URL: https://cloud.seqera.io/watch/${run.id}`,
	];
	const executor = tasks[0]?.executor ?? 'awsbatch';
	lines.push(`executor >  ${executor} (${tasks.filter((t) => t.status !== 'NEW').length})`);
	const processes = [...new Set(tasks.map((t) => t.process))];
	for (const process of processes) {
		const ofProcess = tasks.filter((t) => t.process === process);
		const done = ofProcess.filter((t) => t.status === 'COMPLETED' || t.status === 'CACHED').length;
		const last = ofProcess[ofProcess.length - 1];
		const mark = ofProcess.some((t) => t.status === 'FAILED') ? ' ✘' : done === ofProcess.length ? ' ✔' : '';
		const pct = Math.floor((done / ofProcess.length) * 100);
		lines.push(`[${last.hash}] process > ${last.name} [${String(pct).padStart(3)}%] ${done} of ${ofProcess.length}${mark}`);
	}
	const failedTask = tasks.find((t) => t.status === 'FAILED');
	if (failedTask) {
		lines.push(
			`ERROR ~ Error executing process > '${failedTask.name}'`,
			'',
			'Caused by:',
			`  Process \`${failedTask.name}\` terminated with an error exit status (1)`,
			'',
			`Work dir:`,
			`  ${failedTask.workdir}`,
		);
	}
	if (run.complete && run.start) {
		const finished = tasks.filter((t) => t.realtime !== undefined);
		const cpuHours = finished.reduce((total, t) => total + ((t.realtime ?? 0) * t.cpus) / 3_600_000, 0);
		lines.push(
			`Completed at: ${run.complete.toUTCString()}`,
			`Duration    : ${formatDuration(run.complete.getTime() - run.start.getTime())}`,
			`CPU hours   : ${cpuHours.toFixed(1)}`,
			`Succeeded   : ${tasks.filter((t) => t.status === 'COMPLETED').length}`,
		);
		if (run.status === 'CANCELLED') lines.push('WARN: Execution cancelled by user');
	}
	return lines;
}

export interface RunFile {
	fileName: string;
	saveName: string;
	displayText: string;
	contentType: string;
	content: () => string;
}

/** The files of a task's work directory that GET /workflow/{id}/download/{taskId} serves, by name. */
export type TaskFileName = '.command.out' | '.command.err' | '.command.log';

/**
 * A task's own output, error and log (both streams, as Nextflow's .command.log holds them), as far as the
 * task has got: one not started yet has none. A failed task's error says why it failed.
 */
export function taskFiles(task: SimTask): Partial<Record<TaskFileName, string>> {
	if (!task.start) return {};
	const tool = task.process.split(':').pop()?.toLowerCase() ?? task.process;
	const out = [`[${tool}] processing ${task.tag} with ${task.cpus} CPUs`];
	const err: string[] = [];
	if (task.status === 'FAILED') {
		err.push(
			`[${tool}] ERROR: cannot allocate memory for ${task.tag}: ${task.memory / GB} GB requested is not enough`,
			`[${tool}] exiting with status ${task.exit ?? 1}`,
		);
	} else if (task.complete) {
		out.push(`[${tool}] ${task.tag} done`);
	}
	const text = (lines: string[]) => (lines.length === 0 ? '' : lines.join('\n') + '\n');
	return { '.command.out': text(out), '.command.err': text(err), '.command.log': text([...out, ...err]) };
}

/** Files offered by GET /workflow/{id}/log `downloads` and served by /workflow/{id}/download. */
export function runFiles(run: SimRun, tasks: readonly SimTask[]): RunFile[] {
	if (run.status === 'SUBMITTED') return [];
	const consoleText = () => consoleLines(run, tasks).join('\n') + '\n';
	const files: RunFile[] = [
		{
			fileName: `nf-${run.id}.log`,
			saveName: `nf-${run.id}.log`,
			displayText: 'Execution log',
			contentType: 'text/plain',
			content: consoleText,
		},
		{
			fileName: 'nextflow.log',
			saveName: `nf-${run.id}-nextflow.log`,
			displayText: 'Nextflow log file',
			contentType: 'text/plain',
			content: () =>
				tasks
					.filter((t) => t.submit)
					.map(
						(t) =>
							`${t.submit?.toISOString().replace('T', ' ').slice(0, 23)} [Task submitter] INFO  nextflow.Session - [${t.hash}] Submitted process > ${t.name}`,
					)
					.join('\n') + '\n',
		},
	];
	if (run.complete) {
		files.push({
			fileName: 'timeline.html',
			saveName: `timeline-${run.id}.html`,
			displayText: 'Timeline report',
			contentType: 'application/octet-stream',
			content: () =>
				`<!DOCTYPE html>\n<html><head><title>Timeline ${run.runName}</title></head><body>\n${tasks
					.map((t) => `<div class="task" data-status="${t.status}">${t.name}</div>`)
					.join('\n')}\n</body></html>\n`,
		});
	}
	return files;
}
