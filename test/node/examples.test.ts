import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IConnections, IDataObject, INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { ITEMS_SOURCE_TYPE } from '../../dev/engine/nodeTypes';
import { TEAM_IDS, orgAdminOf } from '../../dev/simulator/orgAdmin';
import { DATA_LINK_IDS, ORG_IDS, PIPELINE_IDS, STUDIO_IDS } from '../../dev/simulator/seed';
import { until } from '../../dev/until';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { SeqeraTrigger } from '../../nodes/Seqera/SeqeraTrigger.node';
import { GENOMICS, RND, SEQERA_NODE, SEQERA_TRIGGER, seqeraCredentials, usePlatform } from './platform';

const EXAMPLES_DIR = path.resolve(__dirname, '../../examples');

interface ExampleNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: INodeParameters;
	credentials?: Record<string, { id: string; name: string }>;
}

interface Example {
	name: string;
	nodes: ExampleNode[];
	connections: Record<string, { main: Array<Array<{ node: string; type: string; index: number }>> }>;
}

const exampleFiles = readdirSync(EXAMPLES_DIR).filter((file) => file.endsWith('.json'));

function loadExample(file: string): Example {
	return JSON.parse(readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Example;
}

function nodeOf(example: Example, name: string): ExampleNode {
	const node = example.nodes.find((candidate) => candidate.name === name);
	if (!node) throw new Error(`The example has no node "${name}"`);
	return node;
}

/**
 * A node's parameters with the choices a user makes after importing: each field given here is one the
 * example leaves for the user to pick from a list, and gets the picked value.
 */
function picked(node: ExampleNode, choices: Record<string, string | number>): INodeParameters {
	const parameters = { ...node.parameters };
	for (const [name, value] of Object.entries(choices)) {
		expect(parameters[name]).toEqual({ __rl: true, mode: 'list', value: '' });
		parameters[name] = { __rl: true, mode: 'list', value: String(value) };
	}
	return parameters;
}

/** Whether a property is shown for these parameter values, judging by `show` rules on plain values only. */
function shownFor(property: INodeProperties, parameters: INodeParameters): boolean {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(([name, allowed]) => {
		if (name.startsWith('@')) return true;
		const value = parameters[name] ?? undefined;
		return (allowed as unknown[]).includes(value);
	});
}

/**
 * Every parameter an example sets must be a property the node shows for that resource and operation, and
 * an options value must be one the node offers. n8n adds `pollTimes` itself to polling nodes.
 */
function problemsWith(node: ExampleNode, description: INodeTypeDescription): string[] {
	const problems: string[] = [];
	const withDefaults: INodeParameters = { ...node.parameters };
	for (const property of description.properties) {
		if (withDefaults[property.name] === undefined && shownFor(property, withDefaults)) withDefaults[property.name] = property.default;
	}
	const shown = description.properties.filter((property) => shownFor(property, withDefaults));
	for (const [name, value] of Object.entries(node.parameters)) {
		if (name === 'pollTimes' && description.polling) continue;
		const property = shown.find((candidate) => candidate.name === name);
		if (!property) {
			problems.push(
				`${node.name}: "${name}" is not a parameter of ${String(withDefaults.resource ?? description.name)} → ${String(withDefaults.operation ?? '')}`,
			);
			continue;
		}
		const isExpression = typeof value === 'string' && value.startsWith('=');
		const offered = (property.options ?? []).map((option) => ('value' in option ? option.value : undefined));
		if (property.type === 'options' && !isExpression && !offered.includes(value as string)) {
			problems.push(`${node.name}: "${name}" has no option "${String(value)}"`);
		}
		if (property.type === 'multiOptions' && (value as string[]).some((choice) => !offered.includes(choice))) {
			problems.push(`${node.name}: "${name}" has an option the node does not offer: ${JSON.stringify(value)}`);
		}
	}
	return problems;
}

describe.each(exampleFiles)('examples/%s', (file) => {
	const example = loadExample(file);

	it('is an importable n8n workflow: named nodes of known shape, and connections between them', () => {
		expect(typeof example.name).toBe('string');
		expect(example.nodes.length).toBeGreaterThan(1);
		const names = example.nodes.map((node) => node.name);
		expect(new Set(names).size).toBe(names.length);
		for (const node of example.nodes) {
			expect(node).toMatchObject({
				id: expect.any(String),
				type: expect.stringMatching(/^n8n-nodes-(base|seqera)\./),
				typeVersion: expect.any(Number),
			});
			expect(node.position).toHaveLength(2);
		}
		for (const [source, outputs] of Object.entries(example.connections)) {
			expect(names).toContain(source);
			for (const target of outputs.main.flat()) expect(names).toContain(target.node);
		}
		// Every node but the trigger is fed by some connection.
		const fed = new Set(Object.values(example.connections).flatMap((outputs) => outputs.main.flat().map((target) => target.node)));
		expect(example.nodes.filter((node) => !fed.has(node.name)).map((node) => node.type)).toEqual([
			expect.stringMatching(/Trigger$|\.seqeraTrigger$/),
		]);
	});

	it('uses only resources, operations and parameters that the Seqera nodes have, with the credential by name', () => {
		const ours = example.nodes.filter((node) => node.type === SEQERA_NODE || node.type === SEQERA_TRIGGER);
		expect(ours.length).toBeGreaterThan(0);
		for (const node of ours) {
			const description = node.type === SEQERA_NODE ? new Seqera().description : new SeqeraTrigger().description;
			expect(node.typeVersion).toBe(description.defaultVersion);
			expect(node.credentials).toEqual({ seqeraApi: { id: expect.any(String), name: 'Seqera Platform API' } });
			expect(problemsWith(node, description)).toEqual([]);
		}
	});
});

describe('examples/relaunch-failed-runs-with-resume.json, run against the simulator', () => {
	const platform = usePlatform({ runProgressMs: 100 });
	const example = loadExample('relaunch-failed-runs-with-resume.json');
	const nodeNamed = (name: string) => nodeOf(example, name);

	it('the trigger reports a run that failed, and the relaunch resumes it under a _retry name', async () => {
		const credentials = platform.credentials({ workspaceId: String(GENOMICS) });
		const trigger = nodeNamed('Run failed');
		const staticData: IDataObject = {};
		const poll = async () =>
			await platform.harness.poll({ type: SEQERA_TRIGGER, parameters: trigger.parameters, credentials, staticData });

		// The first poll after activation only records what exists.
		expect(await poll()).toBeNull();
		const failing = platform.sim.data.launch(GENOMICS, { launch: { pipeline: 'nf-core/rnaseq', runName: 'nightly_fail' } }, null);
		await until('the run failed', () => platform.sim.data.findRun(failing.id)!.status === 'FAILED', 10_000, { everyMs: 25 });
		const emitted = (await poll())![0].map((item) => item.json);
		expect(emitted).toEqual([expect.objectContaining({ id: failing.id, status: 'FAILED', event: 'failed', runName: 'nightly_fail' })]);

		// What the example's IF node lets through: runs that are not retries already.
		expect(emitted.filter((run) => !String(run.runName).endsWith('_retry'))).toHaveLength(1);

		const launchesBefore = platform.sim.data.launches.length;
		const relaunch = nodeNamed('Relaunch with resume');
		const result = await platform.harness.runNode({ type: SEQERA_NODE, parameters: relaunch.parameters, credentials, items: emitted });
		expect(result.error).toBeUndefined();
		expect(platform.sim.data.launches).toHaveLength(launchesBefore + 1);
		const launch = platform.sim.data.launches.at(-1)!;
		expect((launch.request as { launch: IDataObject }).launch).toMatchObject({
			pipeline: 'https://github.com/nf-core/rnaseq',
			runName: 'nightly_fail_retry',
			resume: true,
			sessionId: failing.sessionId,
		});
		expect(launch.workspaceId).toBe(GENOMICS);
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				workflowId: launch.workflowId,
				sourceWorkflowId: failing.id,
				resume: true,
				runName: 'nightly_fail_retry',
			}),
		]);
	});
});

describe('examples/launch-on-new-fastq.json, run against the simulator', () => {
	const platform = usePlatform();
	const example = loadExample('launch-on-new-fastq.json');
	const INBOX = DATA_LINK_IDS.genomicsInbox;
	/** The FASTQ files of a sequencing run folder. */
	const fastqOf = (run: string) => [`${run}/fastq/S3_L001_R1_001.fastq.gz`, `${run}/fastq/S3_L001_R2_001.fastq.gz`];
	const uriOf = (file: string) => `s3://acme-sequencing-inbox/${file}`;

	/** What the trigger reports when a sequencing run's files land: its FASTQ files, not the sample sheet its glob leaves out. */
	async function newFiles(credentials: ReturnType<typeof platform.credentials>, run: string): Promise<IDataObject[]> {
		const staticData: IDataObject = {};
		const triggerParameters = picked(nodeOf(example, 'New FASTQ file'), { dataLinkId: INBOX });
		const poll = async () =>
			await platform.harness.poll({ type: SEQERA_TRIGGER, parameters: triggerParameters, credentials, staticData });
		// The first poll after activation only records the files already there.
		expect(await poll()).toBeNull();
		platform.sim.data.addDataLinkObject(INBOX, `${run}/SampleSheet.csv`);
		for (const file of fastqOf(run)) platform.sim.data.addDataLinkObject(INBOX, file, { size: 524_288_000 });
		const emitted = (await poll())![0].map((item) => item.json);
		expect(await poll()).toBeNull();
		return emitted;
	}

	it("each FASTQ file landing in the data link launches the pipeline picked by name once, with the file's URI as its input", async () => {
		const { sim, harness } = platform;
		const credentials = platform.credentials({ workspaceId: String(GENOMICS) });
		const run = 'runs/240601_A00123_0051_BHNEW';
		const FASTQ = fastqOf(run);
		const emitted = await newFiles(credentials, run);
		expect(emitted).toEqual(
			FASTQ.map((file) =>
				expect.objectContaining({
					path: file,
					uri: uriOf(file),
					name: path.posix.basename(file),
					size: 524_288_000,
					dataLinkId: INBOX,
				}),
			),
		);

		// The pipeline as the user picks it from the list, by its name.
		const listed = await harness.listSearch(SEQERA_NODE, 'searchPipelines', credentials, 'fastq-qc');
		expect(listed.results).toEqual([
			{ name: 'fastq-qc', value: String(PIPELINE_IDS.genomicsFastqQc), description: 'https://github.com/acme-bio/fastq-qc' },
		]);
		const launchNode = picked(nodeOf(example, 'Launch pipeline on the file'), { pipelineId: String(listed.results[0].value) });

		const launchesBefore = sim.data.launches.length;
		const logBefore = sim.log.length;
		const result = await harness.runNode({ type: SEQERA_NODE, parameters: launchNode, credentials, items: emitted });
		expect(result.error).toBeUndefined();
		// The parameters were checked against the pipeline's schema, whose input is one gzipped FASTQ file.
		expect(sim.log.slice(logBefore).map((entry) => entry.path)).toContain(`/pipelines/${PIPELINE_IDS.genomicsFastqQc}/schema`);
		const launches = sim.data.launches.slice(launchesBefore);
		expect(launches).toHaveLength(FASTQ.length);
		expect(launches.map((launch) => [launch.workspaceId, sim.data.findRun(launch.workflowId)])).toEqual(
			FASTQ.map((file) => [
				GENOMICS,
				expect.objectContaining({
					projectName: 'acme-bio/fastq-qc',
					pipelineId: PIPELINE_IDS.genomicsFastqQc,
					params: { input: uriOf(file), outdir: `s3://REPLACE_WITH_RESULTS_BUCKET/${file.replace(/\.fastq\.gz$/, '')}` },
				}),
			]),
		);
		expect(platform.json(result)).toEqual(
			launches.map((launch) => expect.objectContaining({ workflowId: launch.workflowId, pipelineId: PIPELINE_IDS.genomicsFastqQc })),
		);
	});

	it('pointed at nf-core/rnaseq, whose input is a samplesheet CSV, the launch is refused before anything is sent', async () => {
		const { sim, harness } = platform;
		const credentials = platform.credentials({ workspaceId: String(GENOMICS) });
		const emitted = await newFiles(credentials, 'runs/240602_A00123_0052_BHNEX');
		const launchNode = picked(nodeOf(example, 'Launch pipeline on the file'), { pipelineId: PIPELINE_IDS.genomicsRnaseq });
		const launchesBefore = sim.data.launches.length;
		const result = await harness.runNode({ type: SEQERA_NODE, parameters: launchNode, credentials, items: emitted });
		expect(result.error).toMatchObject({
			message: "Pipeline parameters do not match the pipeline's schema: input",
			description: expect.stringContaining('input: expects text matching ^\\S+\\.csv$, got "s3://acme-sequencing-inbox/runs/'),
		});
		expect(sim.data.launches).toHaveLength(launchesBefore);
	});
});

describe('examples/slack-on-studio-error.json: its trigger against the simulator', () => {
	const platform = usePlatform();
	const example = loadExample('slack-on-studio-error.json');

	/** The `$json.a.b` paths an n8n expression reads. */
	const jsonPathsIn = (expression: string) => [...expression.matchAll(/\$json\.([\w.]+)/g)].map((match) => match[1]);
	const valueAt = (item: IDataObject, dotted: string) =>
		dotted.split('.').reduce<unknown>((value, key) => (value as IDataObject | null | undefined)?.[key], item);

	it('a Studio that errors is reported once, with every field the Slack message reads', async () => {
		const { sim, harness } = platform;
		const credentials = platform.credentials({ workspaceId: String(GENOMICS) });
		const staticData: IDataObject = {};
		const poll = async () =>
			await harness.poll({ type: SEQERA_TRIGGER, parameters: nodeOf(example, 'Studio errored').parameters, credentials, staticData });

		// The first poll only records the Studios, the one already errored among them.
		expect(await poll()).toBeNull();
		sim.data.setStudioStatus(STUDIO_IDS.genomicsNotebook, 'errored', { message: 'The Studio ran out of memory' });
		sim.data.setStudioStatus(STUDIO_IDS.genomicsStarting, 'running');
		const emitted = (await poll())![0].map((item) => item.json);
		expect(emitted).toEqual([
			expect.objectContaining({ sessionId: STUDIO_IDS.genomicsNotebook, status: 'errored', previousStatus: 'running' }),
		]);
		expect(await poll()).toBeNull();

		const text = String(nodeOf(example, 'Post to Slack').parameters.text);
		const read = jsonPathsIn(text);
		expect(read).toEqual(expect.arrayContaining(['name', 'statusInfo.message', 'user.userName', 'studioUrl']));
		for (const dotted of read) expect([dotted, valueAt(emitted[0], dotted)]).toEqual([dotted, expect.anything()]);
	});
});

describe('examples/onboard-user-to-workspace.json: its Seqera nodes against the simulator', () => {
	const platform = usePlatform();
	const example = loadExample('onboard-user-to-workspace.json');

	/**
	 * The example as imported, with the organization and team picked from their lists, and the form
	 * replaced by the submission it would send: n8n names each field of it by its label.
	 */
	function submitted(submission: IDataObject): { nodes: INode[]; connections: IConnections } {
		const nodes = example.nodes.map((node): INode => {
			if (node.type === 'n8n-nodes-base.formTrigger') {
				const labels = (node.parameters.formFields as { values: Array<{ fieldLabel: string }> }).values.map(
					(field) => field.fieldLabel,
				);
				expect(Object.keys(submission)).toEqual(labels);
				return { ...node, type: ITEMS_SOURCE_TYPE, typeVersion: 1, parameters: { items: JSON.stringify([submission]) } };
			}
			const choices: Record<string, string | number> = {};
			if (node.parameters.organization) choices.organization = ORG_IDS.acmeBio;
			if (node.parameters.team) choices.team = TEAM_IDS.wetLab;
			return { ...node, parameters: picked(node, choices) };
		});
		return { nodes, connections: example.connections as IConnections };
	}

	async function onboard(submission: IDataObject): Promise<Record<string, IDataObject[]>> {
		const run = await platform.harness.runWorkflow(submitted(submission), { seqeraApi: seqeraCredentials(platform.sim) });
		expect(run.data.resultData.error).toBeUndefined();
		const outputOf = (name: string) => (run.data.resultData.runData[name]?.[0]?.data?.main?.[0] ?? []).map((item) => item.json);
		return { member: outputOf('Add to organization'), participant: outputOf('Add to workspace'), teamMember: outputOf('Add to team') };
	}

	it('a new colleague becomes a member of the organization, a participant of the workspace with the role, and joins the team', async () => {
		const email = 'lin.wei@acme-bio.example';
		const outputs = await onboard({ Email: email, 'Workspace ID': RND, Role: 'maintain' });
		expect(outputs.member).toEqual([expect.objectContaining({ orgId: ORG_IDS.acmeBio, email, role: 'member', alreadyMember: false })]);
		expect(outputs.participant).toEqual([
			expect.objectContaining({
				orgId: ORG_IDS.acmeBio,
				workspaceId: RND,
				type: 'MEMBER',
				email,
				wspRole: 'maintain',
				alreadyParticipant: false,
			}),
		]);
		expect(outputs.teamMember).toEqual([expect.objectContaining({ teamId: TEAM_IDS.wetLab, email, alreadyMember: false })]);

		const store = orgAdminOf(platform.sim.data);
		const member = store.membersOf(ORG_IDS.acmeBio).find((each) => store.personOf(each).email === email)!;
		expect(store.participantsOf(RND).filter((participant) => participant.memberId === member.memberId)).toEqual([
			expect.objectContaining({ role: 'maintain' }),
		]);
		expect(store.team(ORG_IDS.acmeBio, TEAM_IDS.wetLab).memberIds).toContain(member.memberId);
	});

	it('the same form sent again changes nothing and says so at each step', async () => {
		const submission = { Email: 'sam.okafor@acme-bio.example', 'Workspace ID': GENOMICS, Role: 'launch' };
		const first = await onboard(submission);
		const again = await onboard({ ...submission, Role: 'admin' });
		expect(again.member).toEqual([{ ...first.member[0], alreadyMember: true }]);
		expect(again.participant).toEqual([{ ...first.participant[0], alreadyParticipant: true }]);
		expect(again.participant[0].wspRole).toBe('launch');
		expect(again.teamMember).toEqual([{ ...first.teamMember[0], alreadyMember: true }]);
	});
});
