import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { SeqeraTrigger } from '../../nodes/Seqera/SeqeraTrigger.node';
import { GENOMICS, SEQERA_NODE, SEQERA_TRIGGER, usePlatform } from './platform';

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
			problems.push(`${node.name}: "${name}" is not a parameter of ${String(withDefaults.resource ?? description.name)} → ${String(withDefaults.operation ?? '')}`);
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
			expect(node).toMatchObject({ id: expect.any(String), type: expect.stringMatching(/^n8n-nodes-(base|seqera)\./), typeVersion: expect.any(Number) });
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
			expect(node.typeVersion).toBe(description.version);
			expect(node.credentials).toEqual({ seqeraApi: { id: expect.any(String), name: 'Seqera Platform API' } });
			expect(problemsWith(node, description)).toEqual([]);
		}
	});
});

describe('examples/relaunch-failed-runs-with-resume.json, run against the simulator', () => {
	const platform = usePlatform({ runProgressMs: 100 });
	const example = loadExample('relaunch-failed-runs-with-resume.json');
	const nodeNamed = (name: string) => example.nodes.find((node) => node.name === name)!;

	it('the trigger reports a run that failed, and the relaunch resumes it under a _retry name', async () => {
		const credentials = platform.credentials({ workspaceId: String(GENOMICS) });
		const trigger = nodeNamed('Run failed');
		const staticData: IDataObject = {};
		const poll = async () => await platform.harness.poll({ type: SEQERA_TRIGGER, parameters: trigger.parameters, credentials, staticData });

		// The first poll after activation only records what exists.
		expect(await poll()).toBeNull();
		const failing = platform.sim.data.launch(GENOMICS, { launch: { pipeline: 'nf-core/rnaseq', runName: 'nightly_fail' } }, null);
		await new Promise((resolve) => setTimeout(resolve, 350));
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
			expect.objectContaining({ workflowId: launch.workflowId, sourceWorkflowId: failing.id, resume: true, runName: 'nightly_fail_retry' }),
		]);
	});
});
