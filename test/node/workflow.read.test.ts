import { LABEL_IDS } from '../../dev/simulator/seed';
import { call } from '../simulator/testClient';
import { GENOMICS, RND, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

function genomicsRuns() {
	return platform.sim.data.runsIn(GENOMICS);
}

describe('Workflow → Get Many', () => {
	it('returns every run of the workspace, following pages until the platform has no more', async () => {
		// 64 seeded runs plus these make more than one page of 100.
		for (let index = 0; index < 80; index++) {
			platform.sim.data.addRun({
				workspaceId: GENOMICS,
				runName: `paging_run_${index}`,
				submit: new Date(Date.now() - 86_400_000 * 40 - index * 1000),
			});
		}
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'workflow', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) });

		const runs = platform.json(result);
		expect(runs).toHaveLength(genomicsRuns().length);
		expect(runs.map((run) => run.id)).toEqual(genomicsRuns().map((run) => run.id));
		expect(runs[0]).toMatchObject({ runName: genomicsRuns()[0].runName, workspaceName: 'genomics', orgName: 'acme-bio' });
		// The newest seeded run, with its labels (asked for as attributes=labels).
		expect(runs[0]).toMatchObject({
			id: '7GSFBLlJEZf19V',
			runName: 'crazy_euler',
			labels: [
				{ id: LABEL_IDS.production, name: 'production', resource: false },
				{ id: LABEL_IDS.validation, name: 'validation', resource: false },
			],
		});

		const pages = platform.sim.log.slice(before).filter((entry) => entry.path === '/workflow');
		expect(pages.map((entry) => [entry.query.max, entry.query.offset])).toEqual([
			['100', '0'],
			['100', '100'],
		]);
		expect(pages[0].query.attributes).toBe('labels');
	});

	it('stops at the limit and pages in steps of at most 100', async () => {
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getMany',
			returnAll: false,
			limit: 7,
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result).map((run) => run.id)).toEqual(
			genomicsRuns()
				.slice(0, 7)
				.map((run) => run.id),
		);
	});

	it('builds the search syntax from the Status filter and finds only failed runs', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getMany',
			returnAll: true,
			filters: { status: 'failed' },
			...workspaceParameter(GENOMICS),
		});
		const expected = genomicsRuns().filter((run) => run.status === 'FAILED');
		expect(expected.length).toBeGreaterThan(0);
		expect(platform.json(result).map((run) => run.id)).toEqual(expected.map((run) => run.id));
		expect(platform.json(result).every((run) => run.status === 'FAILED')).toBe(true);
		expect(platform.sim.log[before].query.search).toBe('status:failed');
	});

	it('passes free-text search and dates through in the platform syntax', async () => {
		const newest = genomicsRuns()[0];
		const day = newest.submit.toISOString().slice(0, 10);
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getMany',
			returnAll: true,
			search: newest.runName,
			filters: { after: `${day}T00:00:00.000Z` },
			attributes: ['labels', 'optimized'],
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result).map((run) => run.id)).toContain(newest.id);
		expect(platform.sim.log[before].query).toMatchObject({ search: `${newest.runName} after:${day}`, attributes: 'labels,optimized' });
	});

	it("uses the credential's default workspace when the node leaves it empty", async () => {
		const result = await platform.run(
			{ resource: 'workflow', operation: 'getMany', returnAll: false, limit: 3 },
			{ credentialOverrides: { workspaceId: String(RND) } },
		);
		expect(platform.json(result).map((run) => run.id)).toEqual(
			platform.sim.data
				.runsIn(RND)
				.slice(0, 3)
				.map((run) => run.id),
		);
	});

	it('sends the bearer token, Accept-Version and its User-Agent on every call', async () => {
		const before = platform.sim.log.length;
		await platform.run({ resource: 'workflow', operation: 'getMany', returnAll: false, limit: 1, ...workspaceParameter(GENOMICS) });
		const entry = platform.sim.log[before];
		expect(entry.status).toBe(200);
		expect(entry.acceptVersion).toBe('1');
		expect(entry.userAgent).toMatch(/^n8n-nodes-seqera\/\d+\.\d+\.\d+$/);
	});
});

describe('Workflow → one run', () => {
	const pick = () => genomicsRuns().find((run) => run.status === 'SUCCEEDED')!;

	it('Get returns the run with its workspace context', async () => {
		const run = pick();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'get',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				id: run.id,
				runName: run.runName,
				status: 'SUCCEEDED',
				workspaceName: 'genomics',
				progress: expect.any(Object),
			}),
		]);
	});

	it('Get accepts the run page URL from the web app', async () => {
		const run = pick();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'get',
			workflowId: { __rl: true, mode: 'url', value: `https://cloud.seqera.io/orgs/acme-bio/workspaces/genomics/watch/${run.id}` },
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)[0].id).toBe(run.id);
	});

	it('Get Progress returns run and process progress', async () => {
		const run = pick();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getProgress',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		const [progress] = platform.json(result);
		// The seeded run jolly_curie of nextflow-io/hello: one process, four tasks, all succeeded.
		expect(progress.workflowId).toBe(run.id);
		expect(progress.workflowProgress).toMatchObject({ succeeded: 4, failed: 0, running: 0, pending: 0, executors: ['awsbatch'] });
		expect(progress.processesProgress).toEqual([
			expect.objectContaining({ process: 'sayHello', succeeded: 4, failed: 0, running: 0, pending: 0 }),
		]);
	});

	it('Get Metrics returns one item per process', async () => {
		const run = pick();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getMetrics',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		const metrics = platform.json(result);
		const tasks = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTasks',
				returnAll: true,
				...runParameter(run.id),
				...workspaceParameter(GENOMICS),
			}),
		);
		const processes = [...new Set(tasks.filter((task) => task.status === 'COMPLETED').map((task) => task.process))];
		expect(metrics.map((row) => row.process).sort()).toEqual(processes.sort());
		expect(metrics.every((row) => row.workflowId === run.id && typeof row.cpu === 'object')).toBe(true);
	});

	it('Get Tasks pages through every task, and Limit cuts the list', async () => {
		const run = pick();
		const all = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTasks',
				returnAll: true,
				...runParameter(run.id),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(all.length).toBeGreaterThan(3);
		expect(new Set(all.map((task) => task.taskId)).size).toBe(all.length);
		const limited = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTasks',
				returnAll: false,
				limit: 3,
				...runParameter(run.id),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(limited.map((task) => task.taskId)).toEqual(all.slice(0, 3).map((task) => task.taskId));
	});

	it('Get Task returns one task', async () => {
		const run = pick();
		const [first] = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTasks',
				returnAll: false,
				limit: 1,
				...runParameter(run.id),
				...workspaceParameter(GENOMICS),
			}),
		);
		const result = await platform.run({
			resource: 'workflow',
			operation: 'getTask',
			taskId: String(first.taskId),
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({ workflowId: run.id, taskId: first.taskId, process: first.process }),
		]);
	});

	it("Get Tasks and Get Task give a task's exit code as a number where the platform sends it as text; one not known yet stays null", async () => {
		const tasksOf = async (run: { id: string }) =>
			platform.json(
				await platform.run({
					resource: 'workflow',
					operation: 'getTasks',
					returnAll: true,
					...runParameter(run.id),
					...workspaceParameter(GENOMICS),
				}),
			);
		const run = pick();
		const answered = await call(platform.sim, 'GET', `/workflow/${run.id}/tasks?workspaceId=${GENOMICS}`);
		const sentAsText = (answered.json as { tasks: Array<{ task: { taskId: number; exit: unknown } }> }).tasks.find(
			({ task }) => typeof task.exit === 'string',
		)!.task;
		const tasks = await tasksOf(run);
		expect(tasks.find((task) => task.taskId === sentAsText.taskId)?.exit).toBe(Number(sentAsText.exit));
		expect(tasks.every((task) => typeof task.exit === 'number')).toBe(true);
		const [one] = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTask',
				taskId: String(sentAsText.taskId),
				...runParameter(run.id),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(one.exit).toBe(Number(sentAsText.exit));

		const running = genomicsRuns().find((each) => each.status === 'RUNNING')!;
		const unfinished = (await tasksOf(running)).filter((task) => task.status !== 'COMPLETED' && task.status !== 'FAILED');
		expect(unfinished.length).toBeGreaterThan(0);
		expect(unfinished.every((task) => task.exit === null)).toBe(true);
	});

	it('Get Log returns log entries and the names of downloadable files', async () => {
		const run = pick();
		const [log] = platform.json(
			await platform.run({ resource: 'workflow', operation: 'getLog', ...runParameter(run.id), ...workspaceParameter(GENOMICS) }),
		);
		expect(log.entries).toEqual([
			'N E X T F L O W  ~  version 24.10.4',
			'Launching `https://github.com/nextflow-io/hello` [jolly_curie] DSL2 - revision: 5f0d010a1f [master]',
			'',
			`Monitor the execution with Seqera Platform using this URL: https://cloud.seqera.io/watch/${run.id}`,
			'executor >  awsbatch (4)',
			'[9d/6f2228] process > sayHello (sample_4) [100%] 4 of 4 ✔',
			// Seeded runs are dated relative to the simulator's start.
			expect.stringMatching(/^Completed at: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/),
			'Duration    : 4h 54m',
			'CPU hours   : 17.7',
			'Succeeded   : 4',
		]);
		expect((log.downloads as Array<{ fileName: string }>).map((download) => download.fileName)).toEqual([
			`nf-${run.id}.log`,
			'nextflow.log',
			'timeline.html',
		]);
	});

	it('Download File returns the file as binary data', async () => {
		const run = pick();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'downloadFile',
			fileName: `nf-${run.id}.log`,
			binaryPropertyName: 'log',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ workflowId: run.id, fileName: `nf-${run.id}.log` });
		const binary = item.binary!.log;
		expect(binary.fileName).toBe(`nf-${run.id}.log`);
		const text = Buffer.from(binary.data, 'base64').toString('utf8');
		expect(text).toContain('N E X T F L O W');
		expect(item.json.size).toBe(Buffer.byteLength(text));
	});
});

describe('Workflow → Get Task File', () => {
	const failedRun = () => genomicsRuns().find((run) => run.status === 'FAILED')!;
	const tasksOf = async (runId: string) =>
		platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'getTasks',
				returnAll: true,
				...runParameter(runId),
				...workspaceParameter(GENOMICS),
			}),
		);
	const getTaskFile = async (runId: string, taskId: string, taskFile: string) =>
		await platform.run({
			resource: 'workflow',
			operation: 'getTaskFile',
			taskId,
			taskFile,
			binaryPropertyName: 'taskFile',
			...runParameter(runId),
			...workspaceParameter(GENOMICS),
		});
	const textOf = (result: Awaited<ReturnType<typeof getTaskFile>>) =>
		Buffer.from(result.outputs[0][0].binary!.taskFile.data, 'base64').toString('utf8');

	it("gives a failed task's error, output and log as text files named after the task", async () => {
		const run = failedRun();
		const failed = (await tasksOf(run.id)).find((task) => task.status === 'FAILED')!;
		const taskId = String(failed.taskId);
		const tool = String(failed.process).split(':').pop()!.toLowerCase();
		const before = platform.sim.log.length;

		const err = await getTaskFile(run.id, taskId, '.command.err');
		expect(err.error).toBeUndefined();
		const errors = textOf(err);
		expect(errors).toContain(`[${tool}] ERROR: cannot allocate memory for ${String(failed.tag)}`);
		const [item] = err.outputs[0];
		expect(item.json).toEqual({
			workflowId: run.id,
			taskId: failed.taskId,
			file: '.command.err',
			fileName: `task-${taskId}.command.err`,
			size: Buffer.byteLength(errors),
			mimeType: 'text/plain',
		});
		expect(item.binary!.taskFile).toMatchObject({ fileName: `task-${taskId}.command.err`, mimeType: 'text/plain' });
		const [sent] = platform.sim.log.slice(before);
		expect(sent).toMatchObject({
			method: 'GET',
			path: `/workflow/${run.id}/download/${taskId}`,
			query: { fileName: '.command.err', workspaceId: String(GENOMICS) },
		});

		const output = textOf(await getTaskFile(run.id, taskId, '.command.out'));
		expect(output).toBe(`[${tool}] processing ${String(failed.tag)} with ${String(failed.cpus)} CPUs\n`);
		const log = await getTaskFile(run.id, taskId, '.command.log');
		expect(log.outputs[0][0].binary!.taskFile.fileName).toBe(`task-${taskId}.command.log`);
		expect(textOf(log)).toBe(output + errors);
	});

	it('gives a finished task an empty error file', async () => {
		const run = failedRun();
		const completed = (await tasksOf(run.id)).find((task) => task.status === 'COMPLETED')!;
		const result = await getTaskFile(run.id, String(completed.taskId), '.command.err');
		expect(result.error).toBeUndefined();
		expect(result.outputs[0][0].json).toMatchObject({ file: '.command.err', size: 0 });
	});

	it('fails naming the File when the task has not started, so has no files yet', async () => {
		const running = genomicsRuns().find((run) => run.status === 'RUNNING')!;
		const waiting = (await tasksOf(running.id)).find((task) => task.status === 'NEW')!;
		const result = await getTaskFile(running.id, String(waiting.taskId), '.command.err');
		expect((result.error as Error).message).toBe(
			`File '.command.err' is not available for task ${String(waiting.taskId)} of run ${running.id}`,
		);
		expect((result.error as { description?: string }).description).toMatch(
			/^The task is NEW: it has not started, so it has no files yet/,
		);
	});

	it("fails naming the Task ID when the run has no such task, and the run's own error when the run is unknown", async () => {
		const run = failedRun();
		const unknownTask = await getTaskFile(run.id, '9999', '.command.out');
		expect((unknownTask.error as Error).message).toBe(`Task ID '9999' is not a task of run ${run.id}`);

		const unknownRun = await getTaskFile('0000000000000', '1', '.command.out');
		expect((unknownRun.error as Error).message).toMatch(/^Forbidden: workflowId "0000000000000" does not exist in workspace/);
	});

	it('refuses a Task ID that is not a number before any call', async () => {
		const before = platform.sim.log.length;
		const result = await getTaskFile(failedRun().id, 'first', '.command.err');
		expect((result.error as Error).message).toBe('Task ID "first" is not a number');
		expect(platform.sim.log.length).toBe(before);
	});
});
