/**
 * Records what a release's Seqera nodes send for the saved workflows in test/saved/, so that
 * test/saved/savedWorkflows.test.ts can hold every later release to it.
 *
 * From the repository, with the release to record as a commit or tag:
 *
 *   TS_NODE_PREFER_TS_EXTS=true npx ts-node --transpile-only scripts/recordSavedWorkflows.ts --release 3c6069d [--only name,name] [--save-as-editor] [--current-simulator]
 *
 * It checks the release out in a git worktree under the system's temporary folder (node_modules
 * linked from here), copies this script and dev/savedWorkflows/ into it, and runs the copy there, so
 * that the nodes, the engine harness and the simulator are the release's own. The copy replays each
 * workflow of test/saved/workflows/ whose recording (test/saved/recordings/<name>.json) names this
 * release, or every one given with --only, and writes the requests into that recording; the
 * recording's `replay` plan (picks, stand-in items, platform steps) is kept as written.
 *
 * To add a workflow: put it in test/saved/workflows/<name>.json and write
 * test/saved/recordings/<name>.json as `{"release": "<commit>", "replay": {...}, "requests": []}`.
 * `--save-as-editor` first rewrites the Seqera nodes' parameters as n8n's editor saves them with the
 * release's node description (defaults left out), so a workflow can be written by hand.
 * `--current-simulator` replays against this repository's simulator instead of the release's, for a
 * workflow that needs seed data the release's simulator did not have; the recording says so.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { NodeHelpers, type INode, type INodeType, type IVersionedNodeType } from 'n8n-workflow';

import {
	SEQERA_NODE_TYPE,
	SEQERA_TRIGGER_TYPE,
	replaySavedWorkflow,
	type Recording,
	type ReleaseNodeTypes,
	type SavedWorkflow,
} from '../dev/savedWorkflows/replay';

interface Arguments {
	release: string;
	only: string[] | undefined;
	saveAsEditor: boolean;
	/** Replays against this repository's simulator instead of the release's own (for seed data it lacked). */
	currentSimulator: boolean;
	/** Set on the copy that runs inside the release's worktree: the test/saved folder to write into. */
	into: string | undefined;
}

function parseArguments(argv: string[]): Arguments {
	const value = (flag: string) => {
		const index = argv.indexOf(flag);
		return index === -1 ? undefined : argv[index + 1];
	};
	const release = value('--release');
	if (!release) throw new Error('--release <commit> is required: the release whose nodes make the recording');
	return {
		release,
		only: value('--only')
			?.split(',')
			.filter((name) => name !== ''),
		saveAsEditor: argv.includes('--save-as-editor'),
		currentSimulator: argv.includes('--current-simulator'),
		into: value('--into'),
	};
}

/** Runs this script again inside a worktree of the release, and removes the worktree after. */
function recordInWorktree(args: Arguments): void {
	const repository = path.resolve(__dirname, '..');
	const worktree = path.join(mkdtempSync(path.join(tmpdir(), 'seqera-saved-')), 'release');
	execFileSync('git', ['worktree', 'add', '--detach', worktree, args.release], { cwd: repository, stdio: 'inherit' });
	try {
		symlinkSync(path.join(repository, 'node_modules'), path.join(worktree, 'node_modules'));
		cpSync(__filename, path.join(worktree, 'scripts', path.basename(__filename)));
		cpSync(path.join(repository, 'dev', 'savedWorkflows'), path.join(worktree, 'dev', 'savedWorkflows'), { recursive: true });
		if (args.currentSimulator) {
			rmSync(path.join(worktree, 'dev', 'simulator'), { recursive: true });
			cpSync(path.join(repository, 'dev', 'simulator'), path.join(worktree, 'dev', 'simulator'), { recursive: true });
		}
		const forwarded = ['--release', args.release, '--into', path.join(repository, 'test', 'saved')];
		if (args.only) forwarded.push('--only', args.only.join(','));
		if (args.saveAsEditor) forwarded.push('--save-as-editor');
		if (args.currentSimulator) forwarded.push('--current-simulator');
		const result = spawnSync('npx', ['ts-node', '--transpile-only', path.join('scripts', path.basename(__filename)), ...forwarded], {
			cwd: worktree,
			stdio: 'inherit',
			// The worktree has no `shared` folder beside it: the simulator reads this repository's contract.
			env: {
				SEQERA_CONTRACT: path.resolve(repository, '../shared/contract/seqera-openapi.yaml'),
				...process.env,
				TS_NODE_PREFER_TS_EXTS: 'true',
			},
		});
		if (result.status !== 0) process.exitCode = result.status ?? 1;
	} finally {
		execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: repository, stdio: 'inherit' });
		rmSync(path.dirname(worktree), { recursive: true, force: true });
	}
}

/** The release's node classes, from the checkout this copy runs in. */
async function releaseNodeTypes(): Promise<ReleaseNodeTypes> {
	const { Seqera } = (await import(path.resolve(__dirname, '../nodes/Seqera/Seqera.node'))) as {
		Seqera: new () => INodeType | IVersionedNodeType;
	};
	const { SeqeraTrigger } = (await import(path.resolve(__dirname, '../nodes/Seqera/SeqeraTrigger.node'))) as {
		SeqeraTrigger: new () => INodeType | IVersionedNodeType;
	};
	const { SeqeraApi } = (await import(path.resolve(__dirname, '../credentials/SeqeraApi.credentials'))) as {
		SeqeraApi: new () => ReleaseNodeTypes['credential'];
	};
	return { node: new Seqera(), trigger: new SeqeraTrigger(), credential: new SeqeraApi() };
}

/** The node's parameters as n8n's editor saves them: what differs from the defaults, and nothing hidden. */
function savedAsEditor(node: INode, types: ReleaseNodeTypes): INode {
	const type = node.type === SEQERA_NODE_TYPE ? types.node : node.type === SEQERA_TRIGGER_TYPE ? types.trigger : undefined;
	if (!type) return node;
	const description = NodeHelpers.getVersionedNodeType(type, node.typeVersion).description;
	const parameters = NodeHelpers.getNodeParameters(description.properties, node.parameters, false, false, node, description);
	return { ...node, parameters: parameters ?? {} };
}

function writeJson(file: string, value: unknown): void {
	writeFileSync(file, `${JSON.stringify(value, null, '\t')}\n`);
}

async function recordHere(args: Arguments, savedFolder: string): Promise<void> {
	const types = await releaseNodeTypes();
	const recordingsFolder = path.join(savedFolder, 'recordings');
	const names = readdirSync(recordingsFolder)
		.filter((file) => file.endsWith('.json'))
		.map((file) => file.slice(0, -'.json'.length))
		.sort();
	const recordingOf = (name: string) => JSON.parse(readFileSync(path.join(recordingsFolder, `${name}.json`), 'utf8')) as Recording;
	const selected = args.only ?? names.filter((name) => recordingOf(name).release === args.release);
	for (const name of selected) {
		const workflowFile = path.join(savedFolder, 'workflows', `${name}.json`);
		if (!existsSync(workflowFile)) throw new Error(`No saved workflow test/saved/workflows/${name}.json for the recording ${name}`);
		let workflow = JSON.parse(readFileSync(workflowFile, 'utf8')) as SavedWorkflow;
		if (args.saveAsEditor) {
			workflow = { ...workflow, nodes: workflow.nodes.map((node) => savedAsEditor(node, types)) };
			writeJson(workflowFile, workflow);
		}
		const recording = recordingOf(name);
		const startedAt = Date.now();
		const { requests, storageRequests, error } = await replaySavedWorkflow(workflow, recording.replay, types);
		const simulator = args.currentSimulator ? { simulator: 'current' } : {};
		const storage = storageRequests.length > 0 ? { storageRequests } : {};
		writeJson(path.join(recordingsFolder, `${name}.json`), {
			release: args.release,
			...simulator,
			replay: recording.replay,
			requests,
			...storage,
		});
		console.log(
			`${name}: ${requests.length} requests in ${Date.now() - startedAt} ms${error ? `; the workflow failed: ${error}` : ''}`,
		);
	}
}

const args = parseArguments(process.argv.slice(2));
if (args.into === undefined) {
	recordInWorktree(args);
} else {
	recordHere(args, args.into).catch((error: unknown) => {
		console.error(error);
		process.exitCode = 1;
	});
}
