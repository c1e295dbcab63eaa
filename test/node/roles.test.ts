import type { INodeParameters } from 'n8n-workflow';

import { LAUNCH_ROLE_TOKEN, VIEW_ROLE_TOKEN } from '../../dev/simulator/roles';
import { PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };
const asViewRole = { credentialOverrides: { accessToken: VIEW_ROLE_TOKEN } };

const hello = (workspace: number, overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'pipeline',
	operation: 'launch',
	pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.genomicsHello) },
	launchSettings: { paramsText: 'greeting: Bonjour\ntimes: 3\n' },
	...workspaceParameter(workspace),
	...overrides,
});

const launchesSent = () => platform.sim.log.filter((entry) => entry.method === 'POST' && entry.path === '/workflow/launch');

function errorOf(result: { error?: unknown }): { message: string; description: string; httpCode?: string } {
	const error = result.error as { message: string; description?: string; httpCode?: string };
	expect(error).toBeDefined();
	return { message: error.message, description: String(error.description), httpCode: error.httpCode };
}

describe('a token with the Launch role', () => {
	it('launches a Launchpad pipeline end to end with Pipeline → Launch, waiting for the run to finish', async () => {
		const result = await platform.run(hello(GENOMICS, { waitForCompletion: true }), asLaunchRole);
		expect(result.error).toBeUndefined();
		const [run] = platform.json(result);
		expect(run).toMatchObject({ pipelineId: PIPELINE_IDS.genomicsHello, status: 'SUCCEEDED' });
		expect(launchesSent().at(-1)!.status).toBe(200);
	});

	it('launches a Launchpad pipeline with Workflow → Launch from the Launchpad', async () => {
		const result = await platform.run({ ...hello(GENOMICS), resource: 'workflow', source: 'launchpad' }, asLaunchRole);
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0].workflowId).toEqual(expect.any(String));
	});

	it('gets the role error creating a label, naming the workspace and the role', async () => {
		const result = await platform.run(
			{ resource: 'label', operation: 'create', name: 'from-launch-role', ...workspaceParameter(GENOMICS) },
			asLaunchRole,
		);
		const error = errorOf(result);
		expect(error.message).toBe("Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow creating labels");
		expect(error.description).toMatch(/^POST \/labels answered 403\. It needs the Maintain role or higher/);
		expect(platform.sim.data.labelsIn(GENOMICS).some((label) => label.name === 'from-launch-role')).toBe(false);
	});

	it('gets the role error launching from a repository URL that is not in the Launchpad', async () => {
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'launch',
				pipeline: 'https://github.com/nf-core/methylseq',
				...workspaceParameter(GENOMICS),
			},
			asLaunchRole,
		);
		expect(errorOf(result).message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow launching a pipeline that is not in the Launchpad (it may launch Launchpad pipelines and relaunch runs)",
		);
	});

	it('reads its role once for a burst of refused items, and a change its role allows on an unknown ID still names the ID', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'label', operation: 'create', name: '={{ $json.name }}', ...workspaceParameter(RND) },
			{ ...asLaunchRole, items: [{ name: 'one' }, { name: 'two' }, { name: 'three' }], continueOnFail: true },
		);
		expect(platform.json(result).map((item) => item.error)).toEqual(
			Array(3).fill("Forbidden: your role in workspace 'acme-bio/rnd' (Launch) does not allow creating labels"),
		);
		const roleReads = platform.sim.log.slice(before).filter((entry) => entry.path === '/user-info');
		expect(roleReads.length).toBeLessThanOrEqual(1);

		const cancelled = await platform.run(
			{
				resource: 'workflow',
				operation: 'cancel',
				workflowId: { __rl: true, mode: 'id', value: 'NoSuchRun12345' },
				...workspaceParameter(RND),
			},
			asLaunchRole,
		);
		expect(errorOf(cancelled).message).toMatch(
			/^Forbidden: workflowId "NoSuchRun12345" does not exist in workspace 40230138858677 or this token may not use it/,
		);
	});
});

describe('a token with the View role', () => {
	it('gets the role error launching, and nothing is launched', async () => {
		const before = launchesSent().length;
		const result = await platform.run(
			hello(RND, { pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.rndChipseq) }, launchSettings: {} }),
			asViewRole,
		);
		expect(errorOf(result).message).toBe("Forbidden: your role in workspace 'acme-bio/rnd' (View) does not allow launching pipelines");
		expect(
			launchesSent()
				.slice(before)
				.map((entry) => entry.status),
		).toEqual([403]);
	});

	it('reads the workspace as before', async () => {
		const result = await platform.run(
			{ resource: 'pipeline', operation: 'getMany', returnAll: true, ...workspaceParameter(RND) },
			asViewRole,
		);
		expect(result.error).toBeUndefined();
		expect(platform.json(result).map((pipeline) => pipeline.pipelineId)).toContain(PIPELINE_IDS.rndChipseq);
	});
});
