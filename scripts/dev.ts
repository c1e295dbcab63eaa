/**
 * `npm run dev [-- N8N_VERSION]`: a real n8n editor with this package loaded, to try it by hand.
 *
 * Builds and packs the package, installs it into a fresh n8n user folder as Settings → Community Nodes
 * would, starts the platform simulator and n8n (a release from dev/n8n/versions.json, the newest by
 * default; installed first when it is not cached), creates the owner account, imports a credential for
 * the simulator, the demo workflows and the examples, then prints where to sign in. Ctrl-C stops both.
 *
 * Env: N8N_PORT (default 5678), SIMULATOR_PORT (default 8443), N8N_USER_FOLDER (default
 * .cache/dev/n8n-VERSION in this repository, emptied at every start). A default port that is taken
 * (another n8n, a second `npm run dev`) gives way to a free one; a port set in the environment does not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { importIntoN8n, installPackage, n8nEnvironment, OWNER, requireInstalled, setUpOwner, startN8n } from '../dev/n8n/n8nInstance';
import versions from '../dev/n8n/versions.json';
import { CREDENTIAL, DEMO_WORKFLOWS, simulatorCredential } from '../dev/n8n/workflows';
import { DEFAULT_TOKENS, startSimulator, type Simulator } from '../dev/simulator/server';

const REPO = path.resolve(__dirname, '..');
const EXAMPLES = path.join(REPO, 'examples');
const DEFAULT_N8N_PORT = 5678;
const DEFAULT_SIMULATOR_PORT = 8443;

/** The n8n CLI of a release, installing the release into the cache first when needed (minutes, once). */
function n8nRelease(version: string): string {
	try {
		return requireInstalled(version);
	} catch {
		console.log(`n8n ${version} is not installed yet: installing it (several minutes, once).`);
		execFileSync(path.join(REPO, 'scripts', 'n8n-install.sh'), [version], { stdio: ['ignore', 'ignore', 'inherit'] });
		return requireInstalled(version);
	}
}

/** The simulator on SIMULATOR_PORT when set, else on 8443, or on a free port when 8443 is taken. */
async function startDevSimulator(): Promise<Simulator> {
	if (process.env.SIMULATOR_PORT) return await startSimulator({ port: Number(process.env.SIMULATOR_PORT) });
	try {
		return await startSimulator({ port: DEFAULT_SIMULATOR_PORT });
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
		return await startSimulator({ port: 0 });
	}
}

/** The examples, with their Seqera nodes on the simulator credential; other services' credentials stay to be picked. */
function examples(): IDataObject[] {
	return readdirSync(EXAMPLES)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file, index) => {
			const example = JSON.parse(readFileSync(path.join(EXAMPLES, file), 'utf8')) as IDataObject & { nodes: IDataObject[] };
			for (const node of example.nodes) {
				const credentials = node.credentials as IDataObject | undefined;
				if (credentials?.seqeraApi) credentials.seqeraApi = CREDENTIAL;
			}
			return { ...example, id: `seqExample${String(index + 1).padStart(5, '0')}`, active: false };
		});
}

async function main(): Promise<void> {
	const version = process.argv[2] ?? versions[versions.length - 1];
	if (!versions.includes(version)) throw new Error(`n8n ${version} is not one of the tested releases: ${versions.join(', ')}`);
	const askedN8nPort = process.env.N8N_PORT;
	const userFolder = path.resolve(process.env.N8N_USER_FOLDER ?? path.join(REPO, '.cache', 'dev', `n8n-${version}`));
	const n8nBin = n8nRelease(version);

	rmSync(userFolder, { recursive: true, force: true });
	mkdirSync(userFolder, { recursive: true });
	const env = n8nEnvironment(userFolder, askedN8nPort ? { N8N_PORT: askedN8nPort } : {});
	console.log(`Building and installing the package into ${userFolder} ...`);
	await installPackage(n8nBin, env);

	const sim = await startDevSimulator();
	const workflows = [...Object.values(DEMO_WORKFLOWS), ...examples()];
	await importIntoN8n(n8nBin, env, { credentials: [simulatorCredential(sim.baseUrl, DEFAULT_TOKENS[0])], workflows });

	console.log(`Starting n8n ${version} ...`);
	const n8n = await startN8n(n8nBin, {
		args: ['start'],
		env,
		readyOutput: /Editor is now accessible via/,
		...(askedN8nPort ? {} : { port: DEFAULT_N8N_PORT }),
	});
	const editorUrl = `http://127.0.0.1:${n8n.port}`;
	await setUpOwner(editorUrl);

	console.log(
		[
			'',
			`n8n ${version} with n8n-nodes-seqera is ready:`,
			`  Editor:      ${editorUrl}`,
			`  Sign in as:  ${OWNER.email} / ${OWNER.password}`,
			`  Credential:  "${CREDENTIAL.name}" → the simulator at ${sim.baseUrl}`,
			`  Workflows:   ${workflows.map((item) => String(item.name)).join('; ')}`,
			'Press Ctrl-C to stop.',
			'',
		].join('\n'),
	);

	let stopping = false;
	const stop = () => {
		if (stopping) return;
		stopping = true;
		console.log('Stopping n8n and the simulator ...');
		void n8n
			.stop()
			.then(async () => await sim.close())
			.then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
	n8n.child.once('exit', (code) => {
		if (stopping) return;
		console.error(`n8n exited (code ${code}):\n${n8n.output().split('\n').slice(-40).join('\n')}`);
		void sim.close().then(() => process.exit(1));
	});
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
