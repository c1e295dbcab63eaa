/**
 * The package inside real n8n: each n8n release in versions.json (installed by scripts/n8n-install.sh,
 * which .ci/run calls) gets a fresh user folder with the packed package installed as a community node
 * (scripts/n8n-with-package.sh), a credential and workflows imported with n8n's own CLI, and the
 * workflows run with `n8n execute` against the simulator running in this process.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IDataObject, IRun } from 'n8n-workflow';

import { WORKSPACE_IDS } from '../simulator/seed';
import { startSimulator, type Simulator } from '../simulator/server';
import versions from './versions.json';

const execFileAsync = promisify(execFile);
// Generous, but a hung n8n must not hold the test until jest gives up on it and leaves the process behind.
const N8N_COMMAND_TIMEOUT_MS = 180_000;
const REPO = path.resolve(__dirname, '../..');
const GENOMICS = WORKSPACE_IDS.genomics;
const CREDENTIAL = { id: 'seqSimCred00001', name: 'Seqera simulator' };
const UNKNOWN_RUN = 'Zz9Zz9Zz9Zz9Zz';

// Starting n8n, packing the package and running several n8n commands per release takes minutes on a
// busy machine.
jest.setTimeout(600_000);

/** The folder scripts/n8n-install.sh installs a release into (same defaults and override). */
function n8nFolder(version: string): string {
	const cache = process.env.N8N_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'n8n-nodes-seqera');
	return path.join(cache, `n8n-${version}`);
}

function requireInstalled(version: string): string {
	const folder = n8nFolder(version);
	const manifest = path.join(folder, 'node_modules', 'n8n', 'package.json');
	const installed = existsSync(path.join(folder, '.installed-from')) && existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
	if (installed !== version) {
		throw new Error(`n8n ${version} is not installed in ${folder}: run scripts/n8n-install.sh ${version} (.ci/run does) before these tests`);
	}
	return folder;
}

function seqeraNode(name: string, x: number, parameters: IDataObject, extra: IDataObject = {}): IDataObject {
	return {
		id: name,
		name,
		type: 'n8n-nodes-seqera.seqera',
		typeVersion: 1,
		position: [x, 0],
		parameters: { resource: 'workflow', workspace: { __rl: true, mode: 'id', value: String(GENOMICS) }, ...parameters },
		credentials: { seqeraApi: CREDENTIAL },
		...extra,
	};
}

/** A workflow as n8n exports it: a Manual Trigger, then the given nodes in a chain. */
function workflow(id: string, name: string, nodes: IDataObject[]): IDataObject {
	const chain = ['Start', ...nodes.map((node) => node.name as string)];
	const connections: IDataObject = {};
	for (let index = 1; index < chain.length; index++) {
		connections[chain[index - 1]] = { main: [[{ node: chain[index], type: 'main', index: 0 }]] };
	}
	return {
		id,
		name,
		active: false,
		settings: { executionOrder: 'v1' },
		connections,
		nodes: [{ id: 'Start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }, ...nodes],
	};
}

const WORKFLOWS = {
	list: workflow('seqListRuns0001', 'List runs', [seqeraNode('Seqera', 200, { operation: 'getMany', returnAll: false, limit: 10 })]),
	launch: workflow('seqLaunch000001', 'Launch', [
		seqeraNode('Seqera', 200, {
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			launchSettings: { runName: 'from-real-n8n' },
		}),
	]),
	failed: workflow('seqFailedRuns01', 'Failed runs', [seqeraNode('Seqera', 200, { operation: 'getMany', returnAll: true, filters: { status: 'failed' } })]),
	badRun: workflow('seqBadRunId0001', 'Bad run IDs', [
		seqeraNode('Unknown run', 200, { operation: 'get', workflowId: { __rl: true, mode: 'id', value: UNKNOWN_RUN } }, { onError: 'continueRegularOutput' }),
		// As an expression, as an ID from an earlier node would be: n8n refuses to start a workflow whose
		// literal ID fails the field's own pattern, so only the node's check can catch this one.
		seqeraNode('Invalid run', 400, { operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ "not/a-run" }}' } }, { onError: 'continueRegularOutput' }),
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
		try {
			const { stdout } = await execFileAsync(process.execPath, [n8nBin, ...args], { env, cwd: userFolder, maxBuffer: 64 * 1024 * 1024, timeout: N8N_COMMAND_TIMEOUT_MS });
			return stdout;
		} catch (error) {
			const { stdout, stderr } = error as { stdout?: string; stderr?: string };
			throw new Error(`n8n ${args.join(' ')} failed: ${(error as Error).message}\n${stdout ?? ''}\n${stderr ?? ''}`);
		}
	}

	async function execute(workflowId: string): Promise<IRun> {
		const execution = parseExecution(await n8n('execute', `--id=${workflowId}`, '--rawOutput'));
		expect(execution.status).toBe('success');
		return execution;
	}

	beforeAll(async () => {
		const folder = requireInstalled(version);
		n8nBin = path.join(folder, 'node_modules', 'n8n', 'bin', 'n8n');
		sim = await startSimulator({ runProgressMs: 200 });
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-n8n-${version}-`));
		// n8n stays local: its own database and settings in the temp folder, no telemetry or version checks.
		// Inherited n8n and database settings are dropped so a developer's own n8n setup cannot leak in, and
		// so is jest's NODE_ENV=test, with which n8n refuses to load nodes. The rest (PATH, proxy and CA
		// settings) is kept for npm and for n8n.
		const inherited = Object.entries(process.env).filter(([name]) => !/^(N8N_|DB_|EXECUTIONS_|QUEUE_|NODE_ENV$)/.test(name));
		env = {
			...Object.fromEntries(inherited),
			N8N_USER_FOLDER: userFolder,
			NODE_ENV: 'production',
			DB_TYPE: 'sqlite',
			N8N_ENCRYPTION_KEY: 'n8n-nodes-seqera-test-key',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
		};
		await execFileAsync(path.join(REPO, 'scripts', 'n8n-with-package.sh'), [folder, userFolder], { env, maxBuffer: 64 * 1024 * 1024, timeout: N8N_COMMAND_TIMEOUT_MS }).catch((error: { stdout?: string; stderr?: string; message: string }) => {
			throw new Error(`Installing the package into n8n ${version} failed: ${error.message}\n${error.stderr ?? ''}`);
		});

		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		const credentials = [
			{
				...CREDENTIAL,
				type: 'seqeraApi',
				data: { accessToken: 'sim-token-alpha', server: 'custom', baseUrl: sim.baseUrl, allowUnauthorizedCerts: true },
			},
		];
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify(Object.values(WORKFLOWS)));
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toMatch(/Successfully imported 1 credential/);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toMatch(/Successfully imported 4 workflows/);
	});

	afterAll(async () => {
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it("lists the workspace's runs (Workflow → Get Many)", async () => {
		const runs = outputOf(await execute(WORKFLOWS.list.id as string), 'Seqera');
		expect(runs.map((item) => item.id)).toEqual(sim.data.runsIn(GENOMICS).slice(0, 10).map((item) => item.id));
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

	it('turns a bad run ID into an error item with On Error: Continue', async () => {
		const execution = await execute(WORKFLOWS.badRun.id as string);
		expect(outputOf(execution, 'Unknown run')).toEqual([
			expect.objectContaining({
				error: expect.stringMatching(/^Forbidden: the access token was refused, or this endpoint does not exist/),
				message: expect.stringContaining(`GET /workflow/${UNKNOWN_RUN} answered 403`),
			}),
		]);
		expect(outputOf(execution, 'Invalid run')).toEqual([expect.objectContaining({ error: 'Run ID "not/a-run" is not a valid run ID' })]);
		expect(sim.log.filter((entry) => entry.path === `/workflow/${UNKNOWN_RUN}`).map((entry) => entry.status)).toEqual([403]);
	});

	it('sent only requests that keep to the platform contract', () => {
		expect(sim.contractViolations).toEqual([]);
	});
});
