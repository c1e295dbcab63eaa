import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../dev/engine/harness';
import { GENOMICS, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

/** A run of the workspace with failed and succeeded tasks, launched from the platform (so it has a launch and a Nextflow log). */
function failedRun() {
	return platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED' && run.launchId)!;
}

async function dump(runId: string, options: INodeParameters = {}): Promise<NodeRunResult> {
	return await platform.run({
		resource: 'workflow',
		operation: 'dump',
		binaryPropertyName: 'bundle',
		options,
		...runParameter(runId),
		...workspaceParameter(GENOMICS),
	});
}

/** The archive of the item, listed and unpacked by the system's own tar: what a user opening the file gets. */
function unpack(result: NodeRunResult): { listing: string[]; read: (path: string) => string } {
	const binary = result.outputs[0][0].binary!.bundle;
	const folder = mkdtempSync(join(tmpdir(), 'run-dump-'));
	const archive = join(folder, binary.fileName!);
	writeFileSync(archive, Buffer.from(binary.data, 'base64'));
	const listing = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
	execFileSync('tar', ['-xzf', archive, '-C', folder]);
	const files = new Map(listing.map((path) => [path, readFileSync(join(folder, path), 'utf8')]));
	rmSync(folder, { recursive: true, force: true });
	return { listing, read: (path) => files.get(path)! };
}

async function tasksOf(runId: string): Promise<IDataObject[]> {
	const result = await platform.run({
		resource: 'workflow',
		operation: 'getTasks',
		returnAll: true,
		...runParameter(runId),
		...workspaceParameter(GENOMICS),
	});
	return platform.json(result);
}

describe('Workflow → Dump', () => {
	it("writes tower-cli's layout as one .tar.gz, with the logs of failed tasks only when asked", async () => {
		const run = failedRun();
		const tasks = await tasksOf(run.id);
		const failed = tasks.filter((task) => task.status === 'FAILED').map((task) => Number(task.taskId));
		expect(failed.length).toBeGreaterThan(0);
		expect(tasks.length).toBeGreaterThan(failed.length);
		const before = platform.sim.log.length;

		const result = await dump(run.id, { taskLogs: true, onlyFailed: true });
		expect(result.error).toBeUndefined();

		const taskLogs = failed.flatMap((taskId) =>
			['.command.out', '.command.err', '.command.log'].map((log) => `tasks/${taskId}/${log}`),
		);
		const expected = [
			'service-info.json',
			'workflow.json',
			'workflow-metadata.json',
			'workflow-load.json',
			'workflow-launch.json',
			'workflow-metrics.json',
			'workflow-tasks.json',
			'nextflow.log',
			...taskLogs,
		];
		const { listing, read } = unpack(result);
		expect(listing).toEqual(expected);
		const [item] = result.outputs[0];
		expect(item.json).toEqual({ workflowId: run.id, fileName: `run-${run.id}.tar.gz`, size: expect.any(Number), files: expected });
		expect(item.binary!.bundle).toMatchObject({ fileName: `run-${run.id}.tar.gz`, mimeType: 'application/gzip' });

		expect(JSON.parse(read('workflow.json'))).toMatchObject({ id: run.id, status: 'FAILED', runName: run.runName });
		expect(JSON.parse(read('workflow-tasks.json')).map((task: IDataObject) => task.taskId)).toEqual(tasks.map((task) => task.taskId));
		expect(JSON.parse(read('workflow-launch.json'))).toMatchObject({ id: run.launchId });
		expect(JSON.parse(read('workflow-metadata.json'))).toMatchObject({ workspaceId: GENOMICS, userId: expect.any(Number) });
		expect(read('nextflow.log')).toContain('N E X T F L O W');
		expect(read(`tasks/${failed[0]}/.command.err`)).toContain('ERROR: cannot allocate memory');

		const sent = platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
		expect(sent).toEqual([
			'GET /service-info',
			`GET /workflow/${run.id}`,
			`GET /workflow/${run.id}/launch`,
			`GET /workflow/${run.id}/progress`,
			`GET /workflow/${run.id}/metrics`,
			`GET /workflow/${run.id}/tasks`,
			`GET /workflow/${run.id}/download`,
			...failed.flatMap((taskId) => Array.from({ length: 3 }, () => `GET /workflow/${run.id}/download/${taskId}`)),
		]);
		const logged = platform.sim.log.slice(before);
		expect(logged[1].query).toMatchObject({ workspaceId: String(GENOMICS) });
		expect(logged[6].query).toEqual({ workspaceId: String(GENOMICS), fileName: `nf-${run.id}.log` });
		expect(logged.every((entry) => entry.status === 200)).toBe(true);
	});

	it('holds no task logs unless asked, and leaves out a log the platform does not have, as tower-cli does', async () => {
		const run = failedRun();
		const plain = unpack(await dump(run.id));
		expect(plain.listing.some((path) => path.startsWith('tasks/'))).toBe(false);
		expect(plain.listing).toContain('workflow-tasks.json');

		// This run uses no Fusion: the platform refuses each .fusion.log, and the dump goes on without them.
		const before = platform.sim.log.length;
		const fusion = await dump(run.id, { fusionLogs: true, onlyFailed: true });
		expect(fusion.error).toBeUndefined();
		expect(unpack(fusion).listing.some((path) => path.endsWith('.fusion.log'))).toBe(false);
		const refused = platform.sim.log.slice(before).filter((entry) => entry.query.fileName === '.fusion.log');
		expect(refused.length).toBeGreaterThan(0);
		expect(refused.every((entry) => entry.status === 400)).toBe(true);
	});

	it('fails the item naming the run when the platform does not know it, and sends nothing more', async () => {
		const before = platform.sim.log.length;
		const result = await dump('0000000000000');
		expect(result.error?.message).toMatch(/^Forbidden: workflowId "0000000000000" does not exist in workspace/);
		expect(platform.sim.log.slice(before).map((entry) => entry.path)).toEqual(['/service-info', '/workflow/0000000000000']);
	});
});
