import { GENOMICS, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });

const launchesSent = () => platform.sim.data.launches.length;
const lastLaunch = () => platform.sim.data.launches[platform.sim.data.launches.length - 1];
const launchBody = () => (lastLaunch().request as { launch: Record<string, unknown> }).launch;

describe('Workflow → Launch', () => {
	it('launches a repository with the settings the user filled in, once, and returns the run ID', async () => {
		const label = platform.sim.data.labelsIn(GENOMICS)[0];
		const before = launchesSent();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nf-core/rnaseq',
			...workspaceParameter(GENOMICS),
			launchSettings: {
				revision: '3.14.0',
				runName: 'nightly-rnaseq',
				configProfiles: 'docker, test',
				paramsText: 'input: s3://bucket/samples.csv\nouts: 3\n',
				labelIds: String(label.id),
				preRunScript: 'echo start',
				postRunScript: 'echo done',
				configText: 'process.cpus = 2',
			},
		});

		expect(launchesSent()).toBe(before + 1);
		const [output] = platform.json(result);
		expect(output).toEqual({
			workflowId: lastLaunch().workflowId,
			workspaceId: GENOMICS,
			pipeline: 'https://github.com/nf-core/rnaseq',
			runName: 'nightly-rnaseq',
		});
		expect(launchBody()).toEqual({
			pipeline: 'https://github.com/nf-core/rnaseq',
			revision: '3.14.0',
			runName: 'nightly-rnaseq',
			configProfiles: ['docker', 'test'],
			paramsText: 'input: s3://bucket/samples.csv\nouts: 3\n',
			labelIds: [label.id],
			preRunScript: 'echo start',
			postRunScript: 'echo done',
			configText: 'process.cpus = 2',
			// No compute environment chosen: the workspace's primary one, and its work directory, as tower-cli sends them.
			computeEnvId: platform.sim.data.primaryComputeEnv(GENOMICS)!.id,
			workDir: platform.sim.data.primaryComputeEnv(GENOMICS)!.workDir,
		});
		const run = platform.sim.data.findRun(String(output.workflowId))!;
		expect(run).toMatchObject({ runName: 'nightly-rnaseq', status: 'SUBMITTED', workspaceId: GENOMICS });
		expect(run.computeEnvId).toBe(platform.sim.data.primaryComputeEnv(GENOMICS)!.id);
	});

	it('fills the launch from a Launchpad pipeline and lets settings override it', async () => {
		const pipeline = platform.sim.data.pipelinesIn(GENOMICS).find((saved) => saved.name === 'rnaseq')!;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'launch',
			source: 'launchpad',
			pipelineId: { __rl: true, mode: 'list', value: String(pipeline.id) },
			...workspaceParameter(GENOMICS),
			launchSettings: { revision: 'dev' },
		});
		expect(platform.json(result)[0].workflowId).toBe(lastLaunch().workflowId);
		expect(launchBody()).toMatchObject({
			pipeline: pipeline.repository,
			computeEnvId: pipeline.computeEnvId,
			workDir: pipeline.workDir,
			configProfiles: pipeline.configProfiles,
			paramsText: pipeline.paramsText,
			revision: 'dev',
		});
	});

	it('sends the compute environment picked from the list', async () => {
		const spot = platform.sim.data.computeEnvsIn(GENOMICS).find((computeEnv) => !computeEnv.primary)!;
		await platform.run({
			resource: 'workflow',
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			computeEnvId: { __rl: true, mode: 'list', value: spot.id },
			...workspaceParameter(GENOMICS),
		});
		expect(launchBody()).toEqual({ pipeline: 'https://github.com/nextflow-io/hello', computeEnvId: spot.id, workDir: spot.workDir });
	});

	// Version 1.1: 1.2 reads the compute environment first, so an unknown one fails there.
	it('reports every blocker the platform lists, and launches nothing', async () => {
		const before = launchesSent();
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'launch',
				source: 'repository',
				pipeline: 'https://github.com/nextflow-io/hello',
				computeEnvId: { __rl: true, mode: 'id', value: 'missingComputeEnv1' },
				launchSettings: { runName: 'bad name!' },
				...workspaceParameter(GENOMICS),
			},
			{ typeVersion: 1.1 },
		);
		expect(launchesSent()).toBe(before);
		expect(result.error).toMatchObject({ httpCode: '400' });
		expect(result.error!.message).toMatch(/^Unable to launch workflow: /);
		const description = (result.error as { description?: string }).description!;
		expect(description).toMatch(/Error ID: \w+/);
		expect(description).toContain("Compute environment 'missingComputeEnv1' not found in this workspace");
		expect(description).toContain("Invalid run name 'bad name!'");
	});

	it('checks pipeline parameters before sending and points at the line and column of a YAML error', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			...workspaceParameter(GENOMICS),
			launchSettings: { paramsText: 'input: s3://bucket\n  outdir: [unclosed\n' },
		});
		expect(platform.sim.log.length).toBe(before);
		expect(result.error!.message).toMatch(/^Pipeline Parameters is not valid JSON or YAML at line \d+, column \d+$/);
	});
});

describe('Workflow → Relaunch', () => {
	const failedRun = () => platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED')!;

	it("resumes by default, from the original run's full launch configuration (1.1)", async () => {
		const original = failedRun();
		const result = await platform.run(
			{ resource: 'workflow', operation: 'relaunch', ...runParameter(original.id), ...workspaceParameter(GENOMICS) },
			{ typeVersion: 1.1 },
		);
		const [output] = platform.json(result);
		expect(output).toMatchObject({ workflowId: lastLaunch().workflowId, sourceWorkflowId: original.id, resume: true });
		expect(launchBody()).toMatchObject({
			pipeline: original.launch.pipeline,
			revision: original.launch.revision,
			computeEnvId: original.launch.computeEnvId,
			configProfiles: original.launch.configProfiles,
			resume: true,
			sessionId: original.sessionId,
		});
		expect(platform.sim.data.findRun(String(output.workflowId))!.resume).toBe(true);
	});

	it('starts a fresh session when Resume is off, with overrides applied; the original session says which run it relaunches', async () => {
		const original = failedRun();
		await platform.run({
			resource: 'workflow',
			operation: 'relaunch',
			resume: false,
			launchSettings: { revision: 'hotfix', runName: 'second_try' },
			...runParameter(original.id),
			...workspaceParameter(GENOMICS),
		});
		const body = launchBody();
		expect(body).toMatchObject({
			pipeline: original.launch.pipeline,
			revision: 'hotfix',
			runName: 'second_try',
			resume: false,
			sessionId: original.sessionId,
		});
		expect(platform.sim.data.findRun(lastLaunch().workflowId)!.sessionId).not.toBe(original.sessionId);
	});

	it('runs the launch from another repository given in Pipeline Repository, as tw runs relaunch --pipeline sends it', async () => {
		const original = failedRun();
		const fork = 'https://github.com/acme-bio/rnaseq-fork';
		const relaunch = (launchSettings: Record<string, string>) =>
			platform.run({
				resource: 'workflow',
				operation: 'relaunch',
				launchSettings,
				...runParameter(original.id),
				...workspaceParameter(GENOMICS),
			});
		expect((await relaunch({})).error).toBeUndefined();
		const { dateCreated: _sentBefore, ...asBefore } = launchBody();
		expect(asBefore.pipeline).toBe(original.launch.pipeline);

		const result = await relaunch({ pipeline: ` ${fork} ` });
		expect(result.error).toBeUndefined();
		const { dateCreated: _sentNow, ...sent } = launchBody();
		// The same launch but for the repository: the run's session, commit and work directory, resumed.
		expect(sent).toEqual({ ...asBefore, pipeline: fork });
		const [output] = platform.json(result);
		expect(output).toMatchObject({ workflowId: lastLaunch().workflowId, pipeline: fork, sourceWorkflowId: original.id, resume: true });

		const got = await platform.run({
			resource: 'workflow',
			operation: 'get',
			...runParameter(String(output.workflowId)),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(got)[0]).toMatchObject({ id: output.workflowId, repository: fork });
	});

	it('refuses a Pipeline Repository with a space in it, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'relaunch',
			launchSettings: { pipeline: 'https://github.com/acme-bio/rnaseq fork' },
			...runParameter(failedRun().id),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toBe('Pipeline Repository "https://github.com/acme-bio/rnaseq fork" is not a repository');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Workflow → Cancel and Delete', () => {
	async function launchRun(): Promise<string> {
		const result = await platform.run({
			resource: 'workflow',
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			...workspaceParameter(GENOMICS),
		});
		return String(platform.json(result)[0].workflowId);
	}

	it('Cancel stops a submitted run', async () => {
		const workflowId = await launchRun();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'cancel',
			...runParameter(workflowId),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ workflowId, cancelled: true }]);
		expect(platform.sim.data.findRun(workflowId)!.status).toBe('CANCELLED');
	});

	it("Cancel of a finished run shows the platform's reason", async () => {
		const finished = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'SUCCEEDED')!;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'cancel',
			...runParameter(finished.id),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toMatchObject({ httpCode: '400' });
		expect((result.error as { description?: string }).description).toMatch(/Error ID: \w+/);
	});

	it('Delete refuses an active run unless Force is on', async () => {
		const workflowId = await launchRun();
		const refused = await platform.run({
			resource: 'workflow',
			operation: 'delete',
			...runParameter(workflowId),
			...workspaceParameter(GENOMICS),
		});
		expect(refused.error).toMatchObject({
			httpCode: '400',
			message: `Workflow ${workflowId} is active (SUBMITTED) - cancel it first or delete with force=true`,
			description: expect.stringMatching(
				new RegExp(
					`^DELETE /workflow/${workflowId} was rejected by the platform\\. Error ID: \\w{10} \\(quote it to Seqera support\\)\\.$`,
				),
			),
		});
		expect(platform.sim.data.findRun(workflowId)).toMatchObject({ id: workflowId, status: 'SUBMITTED' });

		const forced = await platform.run({
			resource: 'workflow',
			operation: 'delete',
			force: true,
			...runParameter(workflowId),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(forced)).toEqual([{ workflowId, deleted: true }]);
		expect(platform.sim.data.findRun(workflowId)).toBeUndefined();
	});

	it('Delete Many reports which runs the platform refused', async () => {
		const active = await launchRun();
		const finished = platform.sim.data
			.runsIn(GENOMICS)
			.filter((run) => run.status === 'SUCCEEDED')
			.slice(0, 2)
			.map((run) => run.id);
		const result = await platform.run({
			resource: 'workflow',
			operation: 'deleteMany',
			workflowIds: `${finished.join(', ')}, ${active}`,
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ deletedWorkflowIds: finished, failedWorkflowIds: [active] }]);
		expect(finished.map((id) => platform.sim.data.findRun(id))).toEqual([undefined, undefined]);
		expect(platform.sim.data.findRun(active)).toMatchObject({ id: active, status: 'SUBMITTED' });
	});
});
