import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { cronProblem } from '../../dev/simulator/actionRoutes';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { ACTION_IDS, COMPUTE_ENV_IDS, DATA_LINK_IDS } from '../../dev/simulator/seed';
import { GENOMICS, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const byName = (name: string) => ({ __rl: true, mode: 'name', value: name });
const sentSince = (before: number) => platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
const actionsInGenomics = async () =>
	platform.json(await platform.run({ resource: 'action', operation: 'getMany', ...workspaceParameter(GENOMICS) }));
const actionNamed = (name: string) => platform.sim.data.actionsIn(GENOMICS).find((action) => action.name === name);
const change = (operation: string, name: string) =>
	platform.run({ resource: 'action', operation, actionId: byName(name), ...workspaceParameter(GENOMICS) });

function createAction(parameters: INodeParameters) {
	return platform.run({
		resource: 'action',
		operation: 'create',
		pipeline: 'https://github.com/nf-core/rnaseq',
		...workspaceParameter(GENOMICS),
		...parameters,
	});
}

describe('Action → Create, Pause, Resume and Delete', () => {
	it('creates a cron action that Get Many shows with its schedule, then pauses, resumes and deletes it by name', async () => {
		const before = platform.sim.log.length;
		const created = await createAction({
			name: 'weekday-rnaseq',
			source: 'cron',
			schedule: '0 2 * * 1-5',
			timezone: 'Europe/Madrid',
			launchSettings: { revision: '3.14.0', labels: 'nightly-actions' },
		});
		expect(created.error).toBeUndefined();
		const [output] = platform.json(created);
		expect(output).toMatchObject({
			actionId: expect.any(String),
			name: 'weekday-rnaseq',
			source: 'cron',
			cron: { expression: '0 2 * * 1-5', timezone: 'Europe/Madrid' },
		});
		// As Workflow → Launch from a repository: the primary compute environment and its work directory, the label created by name.
		expect(sentSince(before)).toEqual([
			'GET /compute-envs',
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
			'GET /labels',
			'POST /labels',
			'POST /actions',
		]);
		const body = platform.sim.log.at(-1)!.body as { launch: Record<string, unknown> };
		const label = platform.sim.data.labelsIn(GENOMICS).find((each) => each.name === 'nightly-actions');
		expect(body.launch).toMatchObject({
			pipeline: 'https://github.com/nf-core/rnaseq',
			computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
			workDir: 's3://acme-genomics-work/scratch',
			revision: '3.14.0',
			labelIds: [label?.id],
		});

		const listed = (await actionsInGenomics()).find((action) => action.id === output.actionId);
		expect(listed).toMatchObject({
			name: 'weekday-rnaseq',
			source: 'cron',
			status: 'ACTIVE',
			config: { discriminator: 'cron', expression: '0 2 * * 1-5', timezone: 'Europe/Madrid' },
		});

		expect(platform.json(await change('pause', 'weekday-rnaseq'))).toEqual([
			{ actionId: output.actionId, status: 'PAUSED', changed: true },
		]);
		expect((await actionsInGenomics()).find((action) => action.id === output.actionId)?.status).toBe('PAUSED');
		// The platform's pause call toggles: an action already paused is left as it is.
		const again = platform.sim.log.length;
		expect(platform.json(await change('pause', 'weekday-rnaseq'))).toEqual([
			{ actionId: output.actionId, status: 'PAUSED', changed: false },
		]);
		expect(sentSince(again).filter((call) => call.endsWith('/pause'))).toEqual([]);

		expect(platform.json(await change('resume', 'weekday-rnaseq'))).toEqual([
			{ actionId: output.actionId, status: 'ACTIVE', changed: true },
		]);
		expect(actionNamed('weekday-rnaseq')?.status).toBe('ACTIVE');

		expect(platform.json(await change('delete', 'weekday-rnaseq'))).toEqual([{ actionId: output.actionId, deleted: true }]);
		expect((await actionsInGenomics()).map((action) => action.name)).not.toContain('weekday-rnaseq');
	});

	it("fails a schedule that is not cron syntax with the platform's reason, and creates nothing", async () => {
		const result = await createAction({ name: 'bad-schedule', source: 'cron', schedule: '0 25 * * *' });
		expect(result.error?.message).toMatch(/Invalid cron expression '0 25 \* \* \*': '25' is not a valid hour/);
		expect(actionNamed('bad-schedule')).toBeUndefined();
	});

	it("takes the workflow's time zone when none is given", async () => {
		const result = await createAction({ name: 'utc-schedule', source: 'cron', schedule: '*/30 6-18 * JAN-MAR MON' });
		expect(result.error).toBeUndefined();
		expect(actionNamed('utc-schedule')?.cron).toEqual({ expression: '*/30 6-18 * JAN-MAR MON', timezone: expect.any(String) });
		await change('delete', 'utc-schedule');
	});

	it('creates a bucket action on a data link given by name, below a path, and a GitHub action', async () => {
		const bucket = await createAction({
			name: 'inbox-rnaseq',
			source: 'bucket',
			dataLinkId: byName('sequencing-inbox'),
			path: '/runs/incoming/',
		});
		expect(bucket.error).toBeUndefined();
		expect(actionNamed('inbox-rnaseq')).toMatchObject({
			source: 'bucket',
			bucket: { dataLinkId: DATA_LINK_IDS.genomicsInbox, filter: 'runs/incoming/' },
		});
		const github = await createAction({ name: 'rnaseq-on-push', source: 'github' });
		expect(github.error).toBeUndefined();
		expect((await actionsInGenomics()).find((action) => action.name === 'rnaseq-on-push')).toMatchObject({
			source: 'github',
			config: { discriminator: 'github' },
		});
		await change('delete', 'inbox-rnaseq');
		await change('delete', 'rnaseq-on-push');
	});
});

describe('Action → Create with Overwrite', () => {
	const createOverwriting = (overwrite: boolean, credentialOverrides?: ICredentialDataDecryptedObject) =>
		platform.run(
			{
				resource: 'action',
				operation: 'create',
				name: 'overwritten-on-push',
				source: 'github',
				pipeline: 'https://github.com/nf-core/rnaseq',
				computeEnvId: { __rl: true, mode: 'id', value: COMPUTE_ENV_IDS.genomicsBatch },
				...workspaceParameter(GENOMICS),
				options: { overwrite },
			},
			{ credentialOverrides },
		);
	// The lists that later tests check are the seeded ones.
	afterAll(async () => await change('delete', 'overwritten-on-push'));

	it("deletes the workspace's action of that name first, as tw actions add --overwrite does", async () => {
		const before = platform.sim.log.length;
		const first = await createOverwriting(true);
		expect(first.error).toBeUndefined();
		expect(sentSince(before)).toEqual([`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`, 'GET /actions', 'POST /actions']);
		const firstId = String(platform.json(first)[0].actionId);

		const refused = await createOverwriting(false);
		expect(refused.error?.message).toMatch(/^An action named 'overwritten-on-push' already exists in this workspace/);

		const beforeSecond = platform.sim.log.length;
		const second = await createOverwriting(true);
		expect(second.error).toBeUndefined();
		const sent = platform.sim.log.slice(beforeSecond).map(({ method, path, query }) => ({ method, path, query }));
		expect(sent).toEqual([
			{ method: 'GET', path: `/compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`, query: { workspaceId: String(GENOMICS) } },
			{ method: 'GET', path: '/actions', query: { workspaceId: String(GENOMICS) } },
			{ method: 'DELETE', path: `/actions/${firstId}`, query: { workspaceId: String(GENOMICS) } },
			{ method: 'POST', path: '/actions', query: { workspaceId: String(GENOMICS) } },
		]);
		expect(platform.sim.log.at(-1)?.body).toMatchObject({ name: 'overwritten-on-push', source: 'github' });
		const named = platform.sim.data.actionsIn(GENOMICS).filter((action) => action.name === 'overwritten-on-push');
		expect(named.map((action) => action.id)).toEqual([platform.json(second)[0].actionId]);
		expect(named[0].id).not.toBe(firstId);
	});

	it('with a role that may not delete actions, is refused the delete and creates nothing', async () => {
		const kept = actionNamed('overwritten-on-push')!;
		const before = platform.sim.log.length;
		const result = await createOverwriting(true, { accessToken: LAUNCH_ROLE_TOKEN });
		expect(result.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting actions",
		);
		// After the refusal only reads, to name the role in the error: nothing is created.
		const changes = platform.sim.log.slice(before).filter(({ method }) => method !== 'GET');
		expect(changes.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([`DELETE /actions/${kept.id} 403`]);
		expect(platform.sim.data.actionsIn(GENOMICS).filter((action) => action.name === 'overwritten-on-push')).toEqual([kept]);
	});
});

describe('the Action field of Update, Pause, Resume and Delete', () => {
	it('lists every action of the workspace, whatever starts it, with its source and status', async () => {
		const listed = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchAllActions',
			platform.credentials(),
			undefined,
			undefined,
			workspaceParameter(GENOMICS),
		);
		expect(listed.results.map((item) => [item.name, item.value])).toEqual([
			['nightly-rnaseq · tower · ACTIVE', ACTION_IDS.genomicsNightly],
			['sarek-on-push · github · ACTIVE', ACTION_IDS.genomicsSarekOnPush],
			['hello-paused · tower · PAUSED', ACTION_IDS.genomicsPausedHello],
		]);
	});
});

describe('Action → Update', () => {
	it('changes the schedule and keeps the launch, its labels and the time zone', async () => {
		await createAction({
			name: 'to-update',
			source: 'cron',
			schedule: '0 2 * * *',
			timezone: 'Europe/London',
			launchSettings: { revision: '3.14.0', labels: 'kept-label' },
		});
		const labelId = platform.sim.data.labelsIn(GENOMICS).find((each) => each.name === 'kept-label')?.id;
		const result = await platform.run({
			resource: 'action',
			operation: 'update',
			actionId: byName('to-update'),
			schedule: '30 3 * * *',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const body = platform.sim.log.filter((entry) => entry.method === 'PUT').at(-1)!.body as Record<string, Record<string, unknown>>;
		expect(body.cron).toEqual({ expression: '30 3 * * *', timezone: 'Europe/London' });
		expect(body.launch).toMatchObject({
			revision: '3.14.0',
			computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
			workDir: 's3://acme-genomics-work/scratch',
			labelIds: [labelId],
		});
		expect(actionNamed('to-update')).toMatchObject({
			cron: { expression: '30 3 * * *', timezone: 'Europe/London' },
			labelIds: [labelId],
		});
		await change('delete', 'to-update');
	});
});

describe('Action changes and workspace roles', () => {
	it('a Launch-role token gets the role error creating, pausing or deleting an action, and nothing changes', async () => {
		const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };
		const created = await platform.run(
			{
				resource: 'action',
				operation: 'create',
				name: 'from-launch-role',
				source: 'github',
				pipeline: 'https://github.com/nf-core/rnaseq',
				computeEnvId: { __rl: true, mode: 'id', value: COMPUTE_ENV_IDS.genomicsBatch },
				...workspaceParameter(GENOMICS),
			},
			asLaunchRole,
		);
		expect(created.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow creating actions",
		);
		expect(actionNamed('from-launch-role')).toBeUndefined();
		const paused = await platform.run(
			{ resource: 'action', operation: 'pause', actionId: byName('nightly-rnaseq'), ...workspaceParameter(GENOMICS) },
			asLaunchRole,
		);
		expect(paused.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow pausing and resuming actions",
		);
		const deleted = await platform.run(
			{ resource: 'action', operation: 'delete', actionId: byName('nightly-rnaseq'), ...workspaceParameter(GENOMICS) },
			asLaunchRole,
		);
		expect(deleted.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting actions",
		);
		expect(actionNamed('nightly-rnaseq')?.status).toBe('ACTIVE');
	});
});

describe("the simulator's check of a cron action's schedule", () => {
	it.each(['0 0 * * *', '*/15 * * * *', '0 9 1,15 * MON-FRI', '30 6-18/2 * jan-mar 0', '0 0 * * 7'])('takes %s', (expression) => {
		expect(cronProblem(expression)).toBeUndefined();
	});

	it.each([
		['* * * *', 'a cron expression has 5 fields (minute hour day-of-month month day-of-week), not 4'],
		['60 * * * *', "'60' is not a valid minute"],
		['0 0 32 * *', "'32' is not a valid day of month"],
		['0 0 * 13 *', "'13' is not a valid month"],
		['0 0 * * 8', "'8' is not a valid day of week"],
		['*/0 * * * *', "'*/0' is not a valid minute"],
		['5-1 * * * *', "'5-1' is not a valid minute"],
	])('refuses %s: %s', (expression, problem) => {
		expect(cronProblem(expression)).toBe(problem);
	});
});
