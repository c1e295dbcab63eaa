import { Contract } from '../../dev/simulator/contract';
import { ACTION_IDS, COMPUTE_ENV_IDS, DATASET_IDS, LABEL_IDS, PIPELINE_IDS, SEED_USER, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { SimulatorData, hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import { sleep, until } from '../../dev/until';
import { ALPHA, BETA, call, get, stop } from './testClient';

/** Contract checks run only where the contract file is present (see contract.ts for where it is looked up). */
const contract = Contract.loadIfPresent();
const withContract = contract ? it : it.skip;

const GENOMICS = WORKSPACE_IDS.genomics;
const ERROR_ID = / - Error ID: [A-Za-z0-9]{10}$/;

/** Until the API shows the run in `status`, read as a client reads it. */
async function waitForStatus(sim: Simulator, workflowId: string, status: string, workspaceId = GENOMICS): Promise<void> {
	await until(
		`workflow ${workflowId} ${status}`,
		async () =>
			((await get(sim, `/workflow/${workflowId}?workspaceId=${workspaceId}`)).json as { workflow: { status: string } }).workflow
				.status === status,
		10_000,
		{ everyMs: 25 },
	);
}

describe('Seqera Platform simulator', () => {
	let sim: Simulator;

	beforeAll(async () => {
		// Functional checks fire requests back to back; the rate limit has its own simulators below.
		sim = await startSimulator({ perSecond: 10_000, runProgressMs: 150 });
	});

	afterAll(() => stop(sim));

	describe('authentication and routing', () => {
		it('answers 403 without a body when the token is missing or unknown', async () => {
			for (const token of [null, 'not-a-token']) {
				const reply = await get(sim, '/user-info', { token });
				expect(reply.status).toBe(403);
				expect(reply.text).toBe('');
			}
			const logged = sim.log.filter((entry) => entry.path === '/user-info' && entry.status === 403);
			expect(logged.every((entry) => entry.tokenHash === null)).toBe(true);
		});

		it('logs the token only as its sha256 hash, with headers', async () => {
			await get(sim, '/user-info');
			const entry = sim.log[sim.log.length - 1];
			expect(entry).toMatchObject({
				method: 'GET',
				path: '/user-info',
				status: 200,
				tokenHash: hashToken(ALPHA),
				acceptVersion: '1',
			});
			expect(JSON.stringify(sim.log)).not.toContain(ALPHA);
		});

		it('answers 403 without a body for unknown paths and methods', async () => {
			expect(await get(sim, '/no-such-endpoint')).toMatchObject({ status: 403, text: '' });
			expect(await call(sim, 'PUT', '/user-info')).toMatchObject({ status: 403, text: '' });
		});

		it('serves /service-info without a token', async () => {
			const reply = await get(sim, '/service-info', { token: null });
			expect(reply.status).toBe(200);
			expect(reply.json).toMatchObject({ serviceInfo: { apiVersion: '1.187.0', seqeraCloud: true } });
		});

		it('answers bad input with 400 and an Error ID, an unknown workspace with 403', async () => {
			const malformed = await get(sim, '/workflow?workspaceId=abc');
			expect(malformed.status).toBe(400);
			expect((malformed.json as { message: string }).message).toMatch(ERROR_ID);

			expect(await get(sim, '/workflow?workspaceId=999')).toMatchObject({ status: 403, text: '' });
			expect(await get(sim, '/workflow/doesNotExist1?workspaceId=' + GENOMICS)).toMatchObject({ status: 403, text: '' });
		});

		it('hides a run from any workspace but its own', async () => {
			const run = sim.data.runsIn(GENOMICS)[0];
			expect((await get(sim, `/workflow/${run.id}?workspaceId=${GENOMICS}`)).status).toBe(200);
			expect((await get(sim, `/workflow/${run.id}`)).status).toBe(403);
			expect((await get(sim, `/workflow/${run.id}?workspaceId=${WORKSPACE_IDS.rnd}`)).status).toBe(403);
		});
	});

	describe('seed data', () => {
		it('has the documented runs per workspace and status (README.md)', () => {
			const counts = (workspace: number | null) => {
				const runs = new SimulatorData(1000).runsIn(workspace);
				const byStatus: Record<string, number> = { total: runs.length };
				for (const run of runs) byStatus[run.status] = (byStatus[run.status] ?? 0) + 1;
				return byStatus;
			};
			expect(counts(GENOMICS)).toEqual({ total: 64, SUBMITTED: 3, RUNNING: 1, SUCCEEDED: 43, FAILED: 7, CANCELLED: 8, UNKNOWN: 2 });
			expect(counts(WORKSPACE_IDS.rnd)).toEqual({
				total: 24,
				SUBMITTED: 1,
				RUNNING: 3,
				SUCCEEDED: 12,
				FAILED: 3,
				CANCELLED: 3,
				UNKNOWN: 2,
			});
			expect(counts(WORKSPACE_IDS.showcase)).toEqual({ total: 20, SUBMITTED: 1, RUNNING: 2, SUCCEEDED: 15, CANCELLED: 2 });
			expect(counts(null)).toEqual({ total: 12, SUBMITTED: 1, RUNNING: 2, SUCCEEDED: 4, FAILED: 2, CANCELLED: 3 });
		});
	});

	describe('workspaces and resources', () => {
		it('lists organisations and workspaces of the user', async () => {
			const reply = await get(sim, `/user/${SEED_USER.id}/workspaces`);
			const entries = (reply.json as { orgsAndWorkspaces: Array<{ orgName: string; workspaceName: string | null }> })
				.orgsAndWorkspaces;
			expect(entries.filter((e) => e.workspaceName === null).map((e) => e.orgName)).toEqual(['acme-bio', 'community']);
			expect(entries.filter((e) => e.workspaceName !== null).map((e) => e.workspaceName)).toEqual(['genomics', 'rnd', 'showcase']);
			expect((await get(sim, '/user/1/workspaces')).status).toBe(403);
		});

		it('filters compute environments by status', async () => {
			const reply = await get(sim, `/compute-envs?workspaceId=${WORKSPACE_IDS.rnd}&status=AVAILABLE`);
			expect((reply.json as { computeEnvs: Array<{ id: string }> }).computeEnvs.map((ce) => ce.id)).toEqual([
				COMPUTE_ENV_IDS.rndGoogle,
			]);
		});
	});

	describe('datasets, actions and labels on runs', () => {
		const ws = `workspaceId=${GENOMICS}`;

		function csvForm(fileName: string, content: string, type = 'text/csv'): FormData {
			const form = new FormData();
			form.append('file', new Blob([content], { type }), fileName);
			return form;
		}

		it('takes a multipart CSV upload as the next dataset version and counts its data rows', async () => {
			const path = `/datasets/${DATASET_IDS.genomicsSamplesheet}/upload?${ws}&header=true`;
			const reply = await call(sim, 'POST', path, { form: csvForm('next.csv', 'sample,fastq\nA,"a,1.fq"\nB,b.fq\n') });
			expect(reply.status).toBe(200);
			expect(reply.json).toMatchObject({
				version: { datasetId: DATASET_IDS.genomicsSamplesheet, version: 2, fileName: 'next.csv', hasHeader: true },
			});
			const dataset = sim.data.datasets.find((d) => d.id === DATASET_IDS.genomicsSamplesheet)!;
			expect(dataset.versions.at(-1)).toMatchObject({ rowCount: 2, mediaType: 'text/csv' });
			expect(sim.log.at(-1)!.form).toEqual({
				file: { fileName: 'next.csv', contentType: 'text/csv', content: 'sample,fastq\nA,"a,1.fq"\nB,b.fq\n' },
			});
		});

		it('refuses uploads that are not CSV or TSV, are empty, or miss the file field', async () => {
			const path = `/datasets/${DATASET_IDS.genomicsSamplesheet}/upload?${ws}`;
			const notTabular = await call(sim, 'POST', path, { form: csvForm('samples.xlsx', 'PK', 'application/octet-stream') });
			expect(notTabular.status).toBe(400);
			expect((notTabular.json as { message: string }).message).toMatch(/^File 'samples.xlsx' is not a CSV or TSV file - Error ID/);
			expect((await call(sim, 'POST', path, { form: csvForm('empty.csv', '') })).status).toBe(400);
			const noFile = new FormData();
			noFile.append('upload', 'a,b');
			expect((await call(sim, 'POST', path, { form: noFile })).status).toBe(400);
			expect(
				(await call(sim, 'POST', `/datasets/${DATASET_IDS.rndChipSamples}/upload?${ws}`, { form: csvForm('a.csv', 'a') })).status,
			).toBe(403);
		});

		withContract('checks multipart bodies against the contract: an upload sent as JSON is refused', async () => {
			const before = sim.contractViolations.length;
			const reply = await call(sim, 'POST', `/datasets/${DATASET_IDS.genomicsSamplesheet}/upload?${ws}`, { body: { file: 'a,b' } });
			expect(reply.status).toBe(400);
			expect(sim.contractViolations.slice(before)).toEqual([
				expect.objectContaining({ operationId: 'UploadDatasetV2', problems: ['request body must be multipart/form-data'] }),
			]);
			const formToJsonEndpoint = await call(sim, 'POST', `/datasets?${ws}`, { form: csvForm('a.csv', 'a') });
			expect(formToJsonEndpoint.status).toBe(400);
			expect(sim.contractViolations.at(-1)!.problems).toEqual(['operation takes no multipart/form-data body']);
		});

		it('creates datasets with unique names', async () => {
			const created = await call(sim, 'POST', `/datasets?${ws}`, { body: { name: 'unique-one', description: 'x' } });
			expect(created.json).toMatchObject({ dataset: { name: 'unique-one', description: 'x', workspaceId: GENOMICS } });
			expect((await call(sim, 'POST', `/datasets?${ws}`, { body: { name: 'unique-one' } })).status).toBe(409);
		});

		it('adds, removes and replaces labels of runs; foreign runs and labels are a 403', async () => {
			const run = sim.data.addRun({ workspaceId: GENOMICS, labelIds: [] });
			const change = (kind: string, labelIds: number[], workflowIds = [run.id]) =>
				call(sim, 'POST', `/workflow/labels/${kind}?${ws}`, { body: { workflowIds, labelIds } });
			expect((await change('add', [LABEL_IDS.production, LABEL_IDS.rnaseq])).status).toBe(204);
			expect((await change('remove', [LABEL_IDS.production])).status).toBe(204);
			expect(run.labelIds).toEqual([LABEL_IDS.rnaseq]);
			expect((await change('apply', [LABEL_IDS.validation])).status).toBe(204);
			expect(run.labelIds).toEqual([LABEL_IDS.validation]);
			expect((await change('add', [LABEL_IDS.experimental])).status).toBe(403);
			const otherWorkspaceRun = sim.data.runsIn(WORKSPACE_IDS.rnd)[0];
			expect((await change('add', [LABEL_IDS.production], [otherWorkspaceRun.id])).status).toBe(403);
			expect(run.labelIds).toEqual([LABEL_IDS.validation]);
		});

		it('launches an active API-triggered action as a run, and refuses paused or GitHub actions', async () => {
			const launched = await call(sim, 'POST', `/actions/${ACTION_IDS.genomicsNightly}/launch?${ws}`, {
				body: { params: { genome: 'GRCm39' } },
			});
			const { workflowId } = launched.json as { workflowId: string };
			expect(sim.data.findRun(workflowId)).toMatchObject({
				workspaceId: GENOMICS,
				status: 'SUBMITTED',
				params: expect.objectContaining({ genome: 'GRCm39' }),
			});
			const listed = (await get(sim, `/actions?${ws}`)).json as { actions: Array<{ id: string; event?: { workflowId: string } }> };
			expect(listed.actions.find((a) => a.id === ACTION_IDS.genomicsNightly)!.event).toMatchObject({ workflowId });

			expect((await call(sim, 'POST', `/actions/${ACTION_IDS.genomicsPausedHello}/launch?${ws}`, { body: {} })).status).toBe(400);
			expect((await call(sim, 'POST', `/actions/${ACTION_IDS.genomicsSarekOnPush}/launch?${ws}`, { body: {} })).status).toBe(400);
			expect((await call(sim, 'POST', `/actions/${ACTION_IDS.rndAtacseq}/launch?${ws}`, { body: {} })).status).toBe(403);
		});
	});

	describe('run list', () => {
		type ListReply = {
			workflows: Array<{ workflow: { id: string; status: string; submit: string; runName: string } }>;
			hasMore: boolean;
			totalSize?: number;
		};

		it('pages newest first without hasMore, as the platform answers, with it when switched on, and totalSize only on request', async () => {
			expect((await get(sim, `/workflow?workspaceId=${GENOMICS}&max=50&offset=0`)).json).not.toHaveProperty('hasMore');
			sim.data.runListReportsHasMore = true;
			const first = (await get(sim, `/workflow?workspaceId=${GENOMICS}&max=50&offset=0`)).json as ListReply;
			expect(first.workflows).toHaveLength(50);
			expect(first.hasMore).toBe(true);
			expect(first.totalSize).toBeUndefined();
			const second = (await get(sim, `/workflow?workspaceId=${GENOMICS}&max=50&offset=50&includeTotalSize=true`)).json as ListReply;
			const total = sim.data.runsIn(GENOMICS).length;
			expect(total).toBeGreaterThanOrEqual(64);
			expect(second.totalSize).toBe(total);
			expect(second.workflows).toHaveLength(total - 50);
			expect(second.hasMore).toBe(false);
			sim.data.runListReportsHasMore = false;

			const all = [...first.workflows, ...second.workflows].map((w) => w.workflow);
			expect(new Set(all.map((w) => w.id)).size).toBe(total);
			const submits = all.map((w) => Date.parse(w.submit));
			expect([...submits].sort((a, b) => b - a)).toEqual(submits);
			expect(all[0].submit).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		});

		it('caps max at 100 and defaults to 50', async () => {
			expect(((await get(sim, `/workflow?workspaceId=${GENOMICS}`)).json as ListReply).workflows).toHaveLength(50);
			const capped = (await get(sim, `/workflow?workspaceId=${GENOMICS}&max=500`)).json as ListReply;
			expect(capped.workflows.length).toBe(Math.min(100, sim.data.runsIn(GENOMICS).length));
		});

		it('understands status:, after:, runName: and free text, AND-combined', async () => {
			const runs = sim.data.runsIn(GENOMICS);
			const failed = runs.filter((r) => r.status === 'FAILED');
			const byStatus = (await get(sim, `/workflow?workspaceId=${GENOMICS}&max=100&search=${encodeURIComponent('status:Failed')}`))
				.json as ListReply;
			expect(byStatus.workflows.map((w) => w.workflow.id)).toEqual(failed.map((r) => r.id));

			const day = runs[20].submit.toISOString().slice(0, 10);
			const dayStart = Date.parse(`${day}T00:00:00Z`);
			const expected = failed.filter((r) => r.submit.getTime() >= dayStart);
			const combined = (
				await get(sim, `/workflow?workspaceId=${GENOMICS}&max=100&search=${encodeURIComponent(`status:failed after:${day}`)}`)
			).json as ListReply;
			expect(combined.workflows.map((w) => w.workflow.id)).toEqual(expected.map((r) => r.id));

			const named = (await get(sim, `/workflow?workspaceId=${GENOMICS}&search=runName:crazy_euler`)).json as ListReply;
			expect(named.workflows.map((w) => w.workflow.runName)).toEqual(['crazy_euler']);
			const freeText = (await get(sim, `/workflow?workspaceId=${GENOMICS}&max=100&search=sarek`)).json as ListReply;
			expect(freeText.workflows.length).toBe(
				runs.filter((r) => r.projectName.includes('sarek') || r.runName.includes('sarek')).length,
			);

			const invalid = await get(sim, `/workflow?workspaceId=${GENOMICS}&search=status:exploded`);
			expect(invalid.status).toBe(400);
			expect((invalid.json as { message: string }).message).toMatch(ERROR_ID);
		});
	});

	describe('launching and managing runs', () => {
		const launchPath = `/workflow/launch?workspaceId=${GENOMICS}`;

		it('moves a launched run SUBMITTED → RUNNING → SUCCEEDED and records the launch', async () => {
			const launchesBefore = sim.data.launches.length;
			const body = { launch: { pipeline: 'https://github.com/nf-core/rnaseq', revision: '3.14.0', configProfiles: ['test'] } };
			const reply = await call(sim, 'POST', launchPath, { body });
			expect(reply.status).toBe(200);
			const { workflowId } = reply.json as { workflowId: string };
			expect(sim.data.launches).toHaveLength(launchesBefore + 1);
			expect(sim.data.launches[launchesBefore]).toMatchObject({
				workflowId,
				workspaceId: GENOMICS,
				tokenHash: hashToken(ALPHA),
				request: body,
			});

			const described = (await get(sim, `/workflow/${workflowId}?workspaceId=${GENOMICS}`)).json as {
				workflow: { status: string; projectName: string };
			};
			expect(described.workflow).toMatchObject({ status: 'SUBMITTED', projectName: 'nf-core/rnaseq' });
			await waitForStatus(sim, workflowId, 'RUNNING');
			await waitForStatus(sim, workflowId, 'SUCCEEDED');

			const launch = (await get(sim, `/workflow/${workflowId}/launch?workspaceId=${GENOMICS}`)).json as {
				launch: { pipeline: string; computeEnv: { id: string }; workDir: string; sessionId: string };
			};
			expect(launch.launch).toMatchObject({
				pipeline: 'https://github.com/nf-core/rnaseq',
				computeEnv: { id: COMPUTE_ENV_IDS.genomicsBatch },
				workDir: 's3://acme-genomics-work/scratch',
			});
		});

		it('fails runs whose name contains "fail" or whose params say fail: true', async () => {
			const byName = await call(sim, 'POST', launchPath, { body: { launch: { pipeline: 'nf-core/sarek', runName: 'should_fail' } } });
			const byParams = await call(sim, 'POST', launchPath, {
				body: { launch: { pipeline: 'nf-core/sarek', paramsText: 'fail: true\n' } },
			});
			await waitForStatus(sim, (byName.json as { workflowId: string }).workflowId, 'FAILED');
			await waitForStatus(sim, (byParams.json as { workflowId: string }).workflowId, 'FAILED');
		});

		it('refuses launches without a usable pipeline or compute environment', async () => {
			const missing = await call(sim, 'POST', launchPath, { body: { launch: {} } });
			expect(missing.status).toBe(400);
			expect(missing.json).toEqual({ message: expect.stringMatching(ERROR_ID) });

			const notAUrl = await call(sim, 'POST', launchPath, { body: { launch: { pipeline: 'not a pipeline' } } });
			expect(notAUrl.status).toBe(400);

			const unknownCe = await call(sim, 'POST', launchPath, {
				body: { launch: { pipeline: 'nf-core/rnaseq', computeEnvId: 'nope' } },
			});
			expect(unknownCe.status).toBe(400);
			const payload = unknownCe.json as { message: string; errors: Array<{ code: string; message: string }> };
			expect(payload.message).toMatch(ERROR_ID);
			expect(payload.errors.map((e) => e.code)).toEqual(['COMPUTE_ENV_NOT_FOUND', 'WORK_DIR_MISSING']);

			const errored = await call(sim, 'POST', `/workflow/launch?workspaceId=${WORKSPACE_IDS.rnd}`, {
				body: { launch: { pipeline: 'nf-core/chipseq', computeEnvId: COMPUTE_ENV_IDS.rndSlurmErrored } },
			});
			expect((errored.json as { errors: Array<{ code: string }> }).errors.map((e) => e.code)).toEqual(['COMPUTE_ENV_NOT_AVAILABLE']);
		});

		it('cancels only active runs and deletes active runs only with force', async () => {
			const { workflowId } = (await call(sim, 'POST', launchPath, { body: { launch: { pipeline: 'nextflow-io/hello' } } })).json as {
				workflowId: string;
			};
			expect((await call(sim, 'DELETE', `/workflow/${workflowId}?workspaceId=${GENOMICS}`)).status).toBe(400);
			expect((await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`)).status).toBe(204);
			await waitForStatus(sim, workflowId, 'CANCELLED');
			const again = await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`);
			expect(again.status).toBe(400);
			expect((again.json as { message: string }).message).toMatch(ERROR_ID);
			expect((await call(sim, 'DELETE', `/workflow/${workflowId}?workspaceId=${GENOMICS}`)).status).toBe(204);
			expect((await get(sim, `/workflow/${workflowId}?workspaceId=${GENOMICS}`)).status).toBe(403);

			const active = sim.data.addRun({ workspaceId: GENOMICS, status: 'RUNNING' });
			const finished = sim.data.addRun({ workspaceId: GENOMICS, status: 'SUCCEEDED' });
			const bulk = await call(sim, 'POST', `/workflow/delete?workspaceId=${GENOMICS}`, {
				body: { workflowIds: [active.id, finished.id, 'unknownRunId1'] },
			});
			expect(bulk.json).toEqual({ failedWorkflowIds: [active.id, 'unknownRunId1'] });
			const forced = await call(sim, 'POST', `/workflow/delete?workspaceId=${GENOMICS}&force=true`, {
				body: { workflowIds: [active.id] },
			});
			expect(forced.json).toEqual({ failedWorkflowIds: [] });
		});

		it('serves log downloads as attachments', async () => {
			const run = sim.data.runsIn(GENOMICS).find((r) => r.status === 'SUCCEEDED');
			if (!run) throw new Error('seed has no succeeded run');
			const log = (await get(sim, `/workflow/${run.id}/log?workspaceId=${GENOMICS}`)).json as {
				log: { entries: string[]; downloads: Array<{ fileName: string }> };
			};
			expect(log.log.entries[0]).toMatch(/^N E X T F L O W/);
			expect(log.log.downloads.map((d) => d.fileName)).toEqual([`nf-${run.id}.log`, 'nextflow.log', 'timeline.html']);

			const file = await get(sim, `/workflow/${run.id}/download?workspaceId=${GENOMICS}&fileName=nf-${run.id}.log`);
			expect(file.status).toBe(200);
			expect(file.headers['content-type']).toBe('text/plain');
			expect(file.headers['content-disposition']).toBe(`attachment; filename="nf-${run.id}.log"`);
			expect(file.text).toContain(run.runName);
			const unknown = await get(sim, `/workflow/${run.id}/download?workspaceId=${GENOMICS}&fileName=secrets.txt`);
			expect(unknown.status).toBe(400);
		});
	});

	describe('contract checks', () => {
		withContract('records calls to operations the contract does not have', async () => {
			await get(sim, '/no-such-endpoint');
			expect(sim.contractViolations).toContainEqual({
				method: 'GET',
				path: '/no-such-endpoint',
				problems: ['no operation GET /no-such-endpoint in the contract'],
			});
		});

		withContract('records and refuses requests the contract does not allow', async () => {
			const before = sim.contractViolations.length;
			const bogus = await get(sim, `/workflow?workspaceId=${GENOMICS}&attributes=labels,bogus`);
			expect(bogus.status).toBe(400);
			expect((bogus.json as { message: string }).message).toMatch(/^Contract violation: .*attributes/);

			const wrongType = await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}`, { body: { launch: { pipeline: 123 } } });
			expect(wrongType.status).toBe(400);

			const unknownParam = await get(sim, `/workflow?workspaceId=${GENOMICS}&pageSize=10`);
			expect(unknownParam.status).toBe(400);

			const problems = sim.contractViolations.slice(before).map((v) => `${v.operationId}: ${v.problems.join('; ')}`);
			expect(problems).toEqual([
				expect.stringMatching(/^ListWorkflows: query parameter 'attributes'\/1 must be equal to one of the allowed values/),
				'CreateWorkflowLaunch: body/launch/pipeline must be string',
				"ListWorkflows: unknown query parameter 'pageSize'",
			]);
		});

		withContract('sends responses that match the contract response schemas', async () => {
			if (!contract) return;
			const runs = sim.data.runsIn(GENOMICS);
			const sample = ['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN']
				.map((status) => runs.find((r) => r.status === status))
				.filter((r) => r !== undefined);
			const ws = `workspaceId=${GENOMICS}`;
			const paths = [
				'/service-info',
				'/user-info',
				`/user/${SEED_USER.id}/workspaces`,
				'/orgs',
				`/orgs/${sim.data.orgs[0].id}/workspaces`,
				`/compute-envs?${ws}&attributes=labels,resources`,
				`/compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}?${ws}`,
				`/pipelines?${ws}&attributes=labels,optimized,computeEnv`,
				`/pipelines/${PIPELINE_IDS.genomicsRnaseq}?${ws}`,
				`/pipelines/${PIPELINE_IDS.genomicsRnaseq}/launch?${ws}`,
				`/labels?${ws}`,
				`/datasets?${ws}&attributes=labels`,
				`/actions?${ws}&attributes=labels`,
				`/workflow?${ws}&attributes=labels,optimized,pipelineInfo&includeTotalSize=true`,
				`/workflow?${ws}&attributes=minimal`,
				...sample.flatMap((run) => [
					`/workflow/${run.id}?${ws}`,
					`/workflow/${run.id}/progress?${ws}`,
					`/workflow/${run.id}/metrics?${ws}`,
					`/workflow/${run.id}/launch?${ws}`,
					`/workflow/${run.id}/tasks?${ws}&max=5&sortBy=name&sortDir=desc`,
					`/workflow/${run.id}/log?${ws}&maxLength=400`,
				]),
				`/workflow/${sample[2].id}/task/1?${ws}`,
			];
			const problems: string[] = [];
			for (const path of paths) {
				const reply = await get(sim, path);
				const bare = path.split('?')[0];
				if (reply.status !== 200) problems.push(`${path}: HTTP ${reply.status}`);
				problems.push(...contract.checkResponse('GET', bare, reply.status, reply.json).map((p) => `${path}: ${p}`));
			}
			const posts: Array<[string, unknown]> = [
				[`/workflow/launch?${ws}`, { launch: { pipeline: 'nf-core/rnaseq' } }],
				[`/workflow/launch?${ws}`, { launch: { pipeline: 'nf-core/rnaseq', computeEnvId: 'nope' } }],
				[`/workflow/delete?${ws}`, { workflowIds: ['unknownRunId1'] }],
				[`/labels?${ws}`, { name: 'n8n-test' }],
				[`/datasets?${ws}`, { name: 'contract-check', description: 'Checked against the contract' }],
				[`/actions/${ACTION_IDS.genomicsNightly}/launch?${ws}`, { params: { input: 's3://bucket/samples.csv' } }],
				[`/workflow/labels/add?${ws}`, { workflowIds: [sample[2].id], labelIds: [LABEL_IDS.production] }],
			];
			const upload = new FormData();
			upload.append('file', new Blob(['sample\nA\n'], { type: 'text/csv' }), 'contract.csv');
			const forms: Array<[string, FormData]> = [[`/datasets/${DATASET_IDS.genomicsSarekSamples}/upload?${ws}&header=true`, upload]];
			for (const [path, body] of posts) {
				const reply = await call(sim, 'POST', path, { body });
				problems.push(
					...contract.checkResponse('POST', path.split('?')[0], reply.status, reply.json).map((p) => `POST ${path}: ${p}`),
				);
			}
			for (const [path, form] of forms) {
				const reply = await call(sim, 'POST', path, { form });
				if (reply.status !== 200) problems.push(`POST ${path}: HTTP ${reply.status}`);
				problems.push(
					...contract.checkResponse('POST', path.split('?')[0], reply.status, reply.json).map((p) => `POST ${path}: ${p}`),
				);
			}
			expect(problems).toEqual([]);
		});
	});

	describe('faults', () => {
		afterEach(() => sim.clearFaults());

		it('serves scripted failures the given number of times', async () => {
			sim.addFault({ method: 'GET', path: /^\/user-info$/, kind: 'status', status: 502, times: 2 });
			const gateway = await get(sim, '/user-info');
			expect(gateway.status).toBe(502);
			expect(gateway.headers['content-type']).toMatch(/^text\/html/);
			expect((await get(sim, '/user-info')).status).toBe(502);
			expect((await get(sim, '/user-info')).status).toBe(200);

			sim.addFault({ path: /^\/user-info$/, kind: 'status', status: 500 });
			const internal = await get(sim, '/user-info');
			expect(internal.status).toBe(500);
			expect((internal.json as { message: string }).message).toMatch(ERROR_ID);
		});

		it('drops, delays, truncates, rate-limits and answers HTML', async () => {
			sim.addFault({ path: /^\/workflow$/, kind: 'drop' });
			await expect(get(sim, `/workflow?workspaceId=${GENOMICS}`)).rejects.toThrow();

			sim.addFault({ path: /^\/workflow$/, kind: 'malformedJson' });
			const truncated = await get(sim, `/workflow?workspaceId=${GENOMICS}`);
			expect(truncated).toMatchObject({ status: 200, text: '{"workflows": [' });

			sim.addFault({ path: /^\/workflow$/, kind: 'html' });
			const html = await get(sim, `/workflow?workspaceId=${GENOMICS}`);
			expect(html.status).toBe(200);
			expect(html.headers['content-type']).toMatch(/^text\/html/);

			sim.addFault({ kind: 'rateLimit', retryAfterSeconds: 3 });
			sim.addFault({ kind: 'rateLimit' });
			const limited = await get(sim, '/user-info');
			expect(limited.status).toBe(429);
			expect(limited.headers['retry-after']).toBe('3');
			const bare = await get(sim, '/user-info');
			expect(bare.status).toBe(429);
			expect(bare.headers['retry-after']).toBeUndefined();

			sim.addFault({ kind: 'delay', delayMs: 300 });
			const started = performance.now();
			expect((await get(sim, '/user-info')).status).toBe(200);
			expect(performance.now() - started).toBeGreaterThanOrEqual(290);
			expect(sim.log.filter((entry) => entry.status === 0).length).toBeGreaterThanOrEqual(1);
		});
	});
});

describe('rate limits', () => {
	it('admits exactly perSecond requests per token in a sliding second', async () => {
		const sim = await startSimulator({ validateContract: false });
		try {
			const replies = await Promise.all(Array.from({ length: 30 }, () => get(sim, '/user-info')));
			const ok = replies.filter((r) => r.status === 200);
			const limited = replies.filter((r) => r.status === 429);
			expect(ok).toHaveLength(20);
			expect(limited).toHaveLength(10);
			for (const reply of limited) {
				expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
				expect((reply.json as { message: string }).message).toMatch(/^Too many requests - Error ID: /);
			}
			expect(sim.count429()).toBe(10);
			expect(sim.maxCallsInAnySlidingSecond(hashToken(ALPHA))).toBe(30);

			// Limits are per token: the other token is unaffected.
			expect((await get(sim, '/user-info', { token: BETA })).status).toBe(200);
		} finally {
			await stop(sim);
		}
	});

	it('enforces the hour window and recovers when it slides', async () => {
		const sim = await startSimulator({ validateContract: false, perSecond: 100, perHour: 5, hourWindowMs: 1500 });
		try {
			const statuses: number[] = [];
			for (let i = 0; i < 7; i++) statuses.push((await get(sim, '/user-info')).status);
			expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
			const refused = await get(sim, '/user-info');
			expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
			expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
			// The window's length is the case: it slides on the simulator's own clock, which no test drives.
			// Past it for the first call admitted (100 ms over, for timers that fire early), that call no longer counts.
			await sleep(sim.log[0].at + 1500 + 100 - performance.now());
			expect((await get(sim, '/user-info')).status).toBe(200);
		} finally {
			await stop(sim);
		}
	});
});

describe('Enterprise base path', () => {
	it('serves the API under /api and the web app elsewhere', async () => {
		const sim = await startSimulator({ basePath: '/api', validateContract: false });
		try {
			expect(sim.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/api$/);
			const api = await get(sim, '/user-info');
			expect(api.status).toBe(200);
			expect(sim.log[sim.log.length - 1].path).toBe('/user-info');
			expect((await get(sim, '/service-info')).json).toMatchObject({ serviceInfo: { seqeraCloud: false } });

			const origin = sim.baseUrl.replace(/\/api$/, '');
			const webApp = await get(sim, '', { url: `${origin}/user-info` });
			expect(webApp.status).toBe(200);
			expect(webApp.headers['content-type']).toMatch(/^text\/html/);
			expect(webApp.text).toContain('<html');
		} finally {
			await stop(sim);
		}
	});
});
