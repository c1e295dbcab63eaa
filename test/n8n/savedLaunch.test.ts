/**
 * Launch nodes as users saved them with earlier releases, opened in n8n's editor: for each release in
 * versions.json, workflows holding typeVersion 1 launch nodes (Workflow → Launch from a repository and of
 * a Launchpad pipeline, Pipeline → Launch, Workflow → Relaunch), and one saved at 1.1 for comparison,
 * are imported with n8n's CLI; each node is opened on the canvas, and every saved setting must show its
 * saved value. Revision and Config Profiles were text fields before they became lists on a launch from a
 * repository, so a version 1 node holds either the text saved before or the lists saved with the last
 * release. Executing the node from the editor must send the launch the node sent when it was saved
 * (the simulator's record), and saving the workflow again must keep its settings. Each node leaves
 * screenshots of both settings and of its run in test-artifacts/saved-launch/<release>/.
 */
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import versions from '../../dev/n8n/versions.json';
import { GENOMICS, seqeraNode, workflow } from '../../dev/n8n/workflows';
import { COMPUTE_ENV_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import type { Simulator } from '../../dev/simulator/server';
import { expectText, openSavedNode, saveWorkflow, signIn, startEditor, type Editor } from './editor';

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/saved-launch');
const RNASEQ = 'https://github.com/nf-core/rnaseq';
const HELLO = 'https://github.com/nextflow-io/hello';
const NODE = 'Launch';

/** What one launch setting must show when the node is opened. */
type Shown =
	| { kind: 'text'; value: string }
	| { kind: 'switch'; on: boolean }
	| { kind: 'locator'; mode: string; value: string }
	| { kind: 'chosen'; values: string[] };

interface SavedLaunch {
	/** Workflow ID; the title says when and how the node was saved. */
	id: string;
	title: string;
	/** 1 unless given: every node saved before version 1.1. */
	typeVersion?: number;
	/** The node's parameters as that release's editor saved them. */
	parameters: IDataObject;
	/** Each saved launch setting, by field name, as the editor must show it. */
	shows: Record<string, Shown>;
	/** What the launch request must hold: all of it for a launch from a repository. */
	sends: IDataObject;
	/** Whether `sends` is the whole request (else the rest comes from the Launchpad or the original run). */
	whole: boolean;
}

const workspace = { __rl: true, mode: 'id', value: String(GENOMICS) };
const computeEnv = { __rl: true, mode: 'id', value: COMPUTE_ENV_IDS.genomicsBatch };

/** Settings every saved node carries besides Revision and Config Profiles, and what they show and send. */
const OTHER_SETTINGS = {
	runName: 'saved-nightly',
	workDir: 's3://acme-genomics-work/saved',
	nextflowVersion: '24.10.4',
	pullLatest: true,
	headJobCpus: 2,
};
const OTHER_SHOWN: Record<string, Shown> = {
	runName: { kind: 'text', value: 'saved-nightly' },
	workDir: { kind: 'text', value: 's3://acme-genomics-work/saved' },
	nextflowVersion: { kind: 'text', value: '24.10.4' },
	pullLatest: { kind: 'switch', on: true },
	headJobCpus: { kind: 'text', value: '2' },
};

/** The saved launch nodes; a Relaunch relaunches `originalRun`. */
function savedLaunches(originalRun: string): SavedLaunch[] {
	return [
		{
			id: 'seqSavedRepo001',
			title: 'Workflow → Launch from a repository, saved before Revision and Config Profiles were lists',
			parameters: {
				operation: 'launch',
				pipeline: RNASEQ,
				computeEnvId: computeEnv,
				launchSettings: {
					revision: '3.13.2',
					configProfiles: 'docker, test',
					paramsText: '{"outdir": "s3://acme-genomics-work/saved/results"}',
					...OTHER_SETTINGS,
				},
			},
			shows: {
				// n8n's editor shows a plain text value in a locator's input, with no mode chosen.
				revision: { kind: 'locator', mode: '', value: '3.13.2' },
				configProfiles: { kind: 'text', value: 'docker, test' },
				paramsText: { kind: 'text', value: '{"outdir": "s3://acme-genomics-work/saved/results"}' },
				...OTHER_SHOWN,
			},
			sends: {
				pipeline: RNASEQ,
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				revision: '3.13.2',
				configProfiles: ['docker', 'test'],
				paramsText: '{"outdir": "s3://acme-genomics-work/saved/results"}',
				...OTHER_SETTINGS,
			},
			whole: true,
		},
		{
			id: 'seqSavedRepo002',
			title: 'Workflow → Launch from a repository, saved with the last release: revision and profiles picked from the lists',
			parameters: {
				operation: 'launch',
				pipeline: RNASEQ,
				computeEnvId: computeEnv,
				launchSettings: {
					revision: { __rl: true, mode: 'list', value: '3.13.2', cachedResultName: '3.13.2' },
					configProfiles: ['docker', 'test'],
					...OTHER_SETTINGS,
				},
			},
			shows: {
				revision: { kind: 'locator', mode: 'From List', value: '3.13.2' },
				// A version 1 node's profiles are a text field: the list shows as comma-separated names.
				configProfiles: { kind: 'text', value: 'docker,test' },
				...OTHER_SHOWN,
			},
			sends: {
				pipeline: RNASEQ,
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				revision: '3.13.2',
				configProfiles: ['docker', 'test'],
				...OTHER_SETTINGS,
			},
			whole: true,
		},
		{
			id: 'seqSavedRepo003',
			title: 'Workflow → Launch from a repository, saved with the last release: a typed revision',
			parameters: {
				operation: 'launch',
				pipeline: RNASEQ,
				launchSettings: {
					revision: { __rl: true, mode: 'name', value: 'feature/new-aligner' },
					configProfiles: ['test'],
					runName: 'saved-typed',
				},
			},
			shows: {
				revision: { kind: 'locator', mode: 'Name', value: 'feature/new-aligner' },
				configProfiles: { kind: 'text', value: 'test' },
				runName: { kind: 'text', value: 'saved-typed' },
			},
			sends: { pipeline: RNASEQ, revision: 'feature/new-aligner', configProfiles: ['test'], runName: 'saved-typed' },
			whole: true,
		},
		{
			id: 'seqSavedRepo011',
			title: 'Workflow → Launch from a repository, saved at version 1.1: revision and profiles picked from the lists',
			typeVersion: 1.1,
			parameters: {
				operation: 'launch',
				pipeline: RNASEQ,
				launchSettings: {
					revision: { __rl: true, mode: 'list', value: '3.14.0', cachedResultName: '3.14.0' },
					configProfiles: ['docker', 'test'],
					runName: 'saved-at-1-1',
				},
			},
			shows: {
				revision: { kind: 'locator', mode: 'From List', value: '3.14.0' },
				configProfiles: { kind: 'chosen', values: ['docker', 'test'] },
				runName: { kind: 'text', value: 'saved-at-1-1' },
			},
			sends: { pipeline: RNASEQ, revision: '3.14.0', configProfiles: ['docker', 'test'], runName: 'saved-at-1-1' },
			whole: true,
		},
		{
			id: 'seqSavedPad0001',
			title: 'Workflow → Launch of a Launchpad pipeline',
			parameters: {
				operation: 'launch',
				source: 'launchpad',
				pipelineId: { __rl: true, mode: 'list', value: String(PIPELINE_IDS.genomicsHello), cachedResultName: 'hello' },
				launchSettings: { revision: 'mybranch', configProfiles: 'docker, test', ...OTHER_SETTINGS },
			},
			shows: {
				revision: { kind: 'text', value: 'mybranch' },
				configProfiles: { kind: 'text', value: 'docker, test' },
				...OTHER_SHOWN,
			},
			sends: { pipeline: HELLO, revision: 'mybranch', configProfiles: ['docker', 'test'], ...OTHER_SETTINGS },
			whole: false,
		},
		{
			id: 'seqSavedPad0002',
			title: 'Pipeline → Launch',
			parameters: {
				resource: 'pipeline',
				operation: 'launch',
				pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.genomicsHello) },
				launchSettings: { revision: 'v1.1', configProfiles: 'docker', ...OTHER_SETTINGS },
			},
			shows: { revision: { kind: 'text', value: 'v1.1' }, configProfiles: { kind: 'text', value: 'docker' }, ...OTHER_SHOWN },
			sends: { pipeline: HELLO, revision: 'v1.1', configProfiles: ['docker'], ...OTHER_SETTINGS },
			whole: false,
		},
		{
			id: 'seqSavedRelnch1',
			title: 'Workflow → Relaunch',
			parameters: {
				operation: 'relaunch',
				workflowId: { __rl: true, mode: 'id', value: originalRun },
				launchSettings: { revision: 'dev', configProfiles: 'test, docker', ...OTHER_SETTINGS },
			},
			shows: { revision: { kind: 'text', value: 'dev' }, configProfiles: { kind: 'text', value: 'test, docker' }, ...OTHER_SHOWN },
			sends: { revision: 'dev', configProfiles: ['test', 'docker'], resume: true, ...OTHER_SETTINGS },
			whole: false,
		},
	];
}

/** The launch node as the editor saved it: defaults such as the Workflow resource left out. */
function savedNode(saved: SavedLaunch): IDataObject {
	const { resource, ...rest } = saved.parameters;
	return {
		...seqeraNode(NODE, 200, {}),
		typeVersion: saved.typeVersion ?? 1,
		parameters: { ...(resource === undefined ? {} : { resource }), workspace, ...rest },
	};
}

// The titles name the tests; they do not depend on the run a Relaunch relaunches.
const TITLES = savedLaunches('').map((launch, index) => [launch.title, index] as const);

/** What a launch setting shows in the open node: the typed text, the switch, the locator's mode and value, or the chosen items. */
async function expectShown(ndv: Locator, field: string, expected: Shown): Promise<void> {
	const input = ndv.getByTestId(`parameter-input-${field}`);
	switch (expected.kind) {
		case 'text':
			expect(await input.locator('input, textarea').first().inputValue()).toBe(expected.value);
			break;
		case 'switch':
			expect(await input.locator('.el-switch').getAttribute('class')).toContain(expected.on ? 'is-checked' : 'el-switch');
			if (!expected.on) expect(await input.locator('.el-switch').getAttribute('class')).not.toContain('is-checked');
			break;
		case 'locator': {
			const locator = ndv.getByTestId(`resource-locator-${field}`);
			expect(await locator.getByTestId('rlc-mode-selector').locator('input').inputValue()).toMatch(
				new RegExp(`^${expected.mode}$`, 'i'),
			);
			expect(await locator.getByTestId('rlc-input').inputValue()).toBe(expected.value);
			break;
		}
		case 'chosen':
			for (const value of expected.values) await expectText(input, value);
			expect(
				(await input.innerText())
					.split('\n')
					.map((line) => line.trim())
					.filter(Boolean),
			).toEqual(expected.values);
			break;
	}
	// No "value not supported" or other issue on the field.
	expect(await ndv.locator('.parameter-item', { has: input }).getByTestId('parameter-issues').count()).toBe(0);
}

const firstRunOf = (sim: Simulator): string => sim.data.runsIn(GENOMICS)[0].id;

jest.setTimeout(900_000);

describe.each(versions)('launch nodes saved with earlier releases, in the editor of n8n %s', (version) => {
	let editor: Editor;
	let saved: SavedLaunch[];

	beforeAll(async () => {
		editor = await startEditor(version, path.join(ARTIFACTS, version), { runProgressMs: 2000 }, (sim) =>
			savedLaunches(firstRunOf(sim)).map((launch) => workflow(launch.id, launch.title, [savedNode(launch)])),
		);
		saved = savedLaunches(firstRunOf(editor.sim));
		await signIn(editor.page, editor.baseUrl);
	});

	afterAll(async () => {
		await editor?.close();
	});

	it.each(TITLES)('%s: shows every saved setting, launches as before, and saves unchanged', async (_title, index) => {
		const { page, baseUrl, sim, screenshot } = editor;
		const launch = saved[index];
		const ndv = await openSavedNode(page, baseUrl, launch.id, NODE);
		for (const [field, expected] of Object.entries(launch.shows)) await expectShown(ndv, field, expected);
		// The settings panel lists Config Profiles first and Revision near the end: each in view for its screenshot.
		for (const field of ['configProfiles', 'revision']) {
			await ndv.getByTestId(`parameter-input-${field}`).scrollIntoViewIfNeeded();
			await screenshot(`${launch.id}-${field}`);
		}

		const before = sim.data.launches.length;
		await ndv.getByTestId('node-execute-button').click();
		const output = ndv.getByTestId('output-panel');
		await expectText(output.getByTestId('ndv-items-count').first(), '1 item');
		await screenshot(`${launch.id}-executed`);
		expect(sim.data.launches).toHaveLength(before + 1);
		const body = (sim.data.launches[before].request as { launch: IDataObject }).launch;
		if (launch.whole) expect(body).toEqual(launch.sends);
		else expect(body).toMatchObject(launch.sends);
		expect(sim.data.launches[before].workspaceId).toBe(GENOMICS);

		// Saving again keeps every saved parameter, the launch settings exactly. The editor may add the empty
		// values of fields it sets up on opening (Compute Environment, the Pipeline Parameters form), which send nothing.
		await page.keyboard.press('Escape');
		const node = (await saveWorkflow(page, baseUrl, launch.id)).nodes.find((candidate) => candidate.name === NODE);
		const asSaved = savedNode(launch);
		expect(node?.typeVersion).toBe(asSaved.typeVersion);
		expect(node?.parameters).toMatchObject(asSaved.parameters as IDataObject);
		expect(node?.parameters.launchSettings).toEqual((asSaved.parameters as IDataObject).launchSettings);
		expect(sim.contractViolations).toEqual([]);
	});
});
