/**
 * The package inside real n8n: each n8n release in versions.json (installed by scripts/n8n-install.sh,
 * which scripts/setup-and-test.sh calls) gets a fresh user folder with the packed package installed as a community node
 * (scripts/n8n-with-package.sh), a credential and workflows imported with n8n's own CLI, and the
 * workflows run with `n8n execute` against the simulator running in this process.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject, IRun } from 'n8n-workflow';

import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { installPackage, n8nEnvironment, requireInstalled, runN8nCommand } from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { DEMO_WORKFLOWS, GENOMICS, seqeraNode, simulatorCredential, workflow } from '../../dev/n8n/workflows';

const UNKNOWN_RUN = 'Zz9Zz9Zz9Zz9Zz';

// Starting n8n, packing the package and running several n8n commands per release takes minutes on a
// busy machine.
jest.setTimeout(600_000);

const WORKFLOWS = {
	...DEMO_WORKFLOWS,
	badRun: workflow('seqBadRunId0001', 'Bad run IDs', [
		seqeraNode(
			'Unknown run',
			200,
			{ operation: 'get', workflowId: { __rl: true, mode: 'id', value: UNKNOWN_RUN } },
			{ onError: 'continueRegularOutput' },
		),
		// As an expression, as an ID from an earlier node would be: n8n refuses to start a workflow whose
		// literal ID fails the field's own pattern, so only the node's check can catch this one.
		seqeraNode(
			'Invalid run',
			400,
			{ operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ "not/a-run" }}' } },
			{ onError: 'continueRegularOutput' },
		),
	]),
};

/**
 * `n8n execute --rawOutput` prints the execution (an IRun) as indented JSON, but n8n's own log lines
 * (settings-file warnings, for example) go to the same stdout, before it and possibly after it. The
 * JSON is the block from a line that is just "{" to the next line that is just "}".
 */
function parseExecution(stdout: string): IRun {
	const start = stdout.search(/^\{$/m);
	const end = start < 0 ? -1 : stdout.slice(start).search(/^\}$/m);
	if (end < 0) throw new Error(`n8n execute printed no execution:\n${stdout}`);
	return JSON.parse(stdout.slice(start, start + end + 1)) as IRun;
}

function outputOf(execution: IRun, node: string): IDataObject[] {
	const task = execution.data.resultData.runData[node]?.[0];
	if (!task) throw new Error(`Node "${node}" did not run: ${JSON.stringify(execution.data.resultData)}`);
	return (task.data?.main?.[0] ?? []).map((item) => item.json);
}

describe.each(versions)('inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;

	async function n8n(...args: string[]): Promise<string> {
		return await runN8nCommand(n8nBin, env, ...args);
	}

	async function execute(workflowId: string): Promise<IRun> {
		const execution = parseExecution(await n8n('execute', `--id=${workflowId}`, '--rawOutput'));
		expect(execution.status).toBe('success');
		return execution;
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		sim = await startSimulator({ runProgressMs: 200 });
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-n8n-${version}-`));
		env = n8nEnvironment(userFolder);
		await installPackage(n8nBin, env);

		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify([simulatorCredential(sim.baseUrl)]));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify(Object.values(WORKFLOWS)));
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toMatch(
			/Successfully imported 1 credential/,
		);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toContain(
			`Successfully imported ${Object.keys(WORKFLOWS).length} workflows`,
		);
	});

	afterAll(async () => {
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it("lists the workspace's runs (Workflow → Get Many)", async () => {
		const runs = outputOf(await execute(WORKFLOWS.list.id as string), 'Seqera');
		expect(runs.map((item) => item.id)).toEqual(
			sim.data
				.runsIn(GENOMICS)
				.slice(0, 10)
				.map((item) => item.id),
		);
		expect(runs[0]).toMatchObject({ workspaceName: 'genomics', orgName: 'acme-bio' });
	});

	it('launches a pipeline once and returns the new run ID (Workflow → Launch)', async () => {
		const before = sim.data.launches.length;
		const [output] = outputOf(await execute(WORKFLOWS.launch.id as string), 'Seqera');
		expect(sim.data.launches).toHaveLength(before + 1);
		const launch = sim.data.launches[before];
		expect(output).toMatchObject({ workflowId: launch.workflowId, workspaceId: GENOMICS, runName: 'from-real-n8n' });
		expect(launch.request).toMatchObject({ launch: { pipeline: 'https://github.com/nextflow-io/hello', runName: 'from-real-n8n' } });
	});

	it('finds only the failed runs (Get Many, Status filter)', async () => {
		const runs = outputOf(await execute(WORKFLOWS.failed.id as string), 'Seqera');
		const failed = sim.data.runsIn(GENOMICS).filter((item) => item.status === 'FAILED');
		expect(failed.length).toBeGreaterThan(0);
		expect(runs.map((item) => item.id)).toEqual(failed.map((item) => item.id));
		expect(runs.every((item) => item.status === 'FAILED')).toBe(true);
	});

	it('relaunches the newest failed run with resume and reads it back (the demo workflow)', async () => {
		const newestFailed = sim.data.runsIn(GENOMICS).find((item) => item.status === 'FAILED');
		expect(newestFailed).toBeDefined();
		const before = sim.data.launches.length;
		const execution = await execute(WORKFLOWS.relaunch.id as string);
		expect(sim.data.launches).toHaveLength(before + 1);
		const launch = sim.data.launches[before];
		expect(launch.request).toMatchObject({
			launch: { resume: true, sessionId: newestFailed!.sessionId, runName: `${newestFailed!.runName}_retry` },
		});
		expect(outputOf(execution, 'Relaunch with resume')).toEqual([
			expect.objectContaining({ workflowId: launch.workflowId, sourceWorkflowId: newestFailed!.id }),
		]);
		expect(outputOf(execution, 'Read new run')).toEqual([
			expect.objectContaining({ id: launch.workflowId, runName: `${newestFailed!.runName}_retry` }),
		]);
		expect(outputOf(execution, 'Latest runs').map((item) => item.id)).toContain(launch.workflowId);
	});

	it('turns a bad run ID into an error item with On Error: Continue', async () => {
		const execution = await execute(WORKFLOWS.badRun.id as string);
		expect(outputOf(execution, 'Unknown run')).toEqual([
			expect.objectContaining({
				error: expect.stringMatching(/^Forbidden: the access token was refused, or this endpoint does not exist/),
				message: expect.stringContaining(`GET /workflow/${UNKNOWN_RUN} answered 403`),
			}),
		]);
		expect(outputOf(execution, 'Invalid run')).toEqual([
			expect.objectContaining({ error: 'Run ID "not/a-run" is not a valid run ID' }),
		]);
		expect(sim.log.filter((entry) => entry.path === `/workflow/${UNKNOWN_RUN}`).map((entry) => entry.status)).toEqual([403]);
	});

	it('sent only requests that keep to the platform contract', () => {
		expect(sim.contractViolations).toEqual([]);
	});
});
