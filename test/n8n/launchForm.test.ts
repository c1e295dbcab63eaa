/**
 * The launch form in n8n's editor, as a user meets it: for each release in versions.json, a new workflow
 * gets a Manual Trigger and the Seqera node on Pipeline → Launch, with a credential for the simulator
 * created in the editor. Picking the genomics workspace and its sarek pipeline (nf-validation schema)
 * fills the Pipeline Parameters mapper with the pipeline's required parameters, named as the schema
 * describes them and starting at the pipeline's saved values or the schema's defaults; the enum one
 * offers the schema's values. The test types a new output directory over the saved one, executes the
 * node, sees the run in the output panel, and finds the typed value in the launch's `paramsText` the
 * simulator received. Each step leaves a screenshot in test-artifacts/launch-form/<release>/.
 */
import path from 'node:path';
import type { Locator } from 'playwright-core';

import versions from '../../dev/n8n/versions.json';
import { GENOMICS } from '../../dev/n8n/workflows';
import { pipelineSchemaText } from '../../dev/simulator/pipelineSchemas';
import { PIPELINE_IDS } from '../../dev/simulator/seed';
import { sleep } from '../../dev/until';
import { addSeqeraNode, createSimulatorCredential, expectText, settled, shown, signIn, startEditor, type Editor } from './editor';

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/launch-form');
const TOKEN = 'sim-token-alpha';

/** What the test reads from the pipeline's schema and saved params before it opens the form. */
interface FormExpectations {
	/** The required parameter with a list of values, those values, and the one it starts at (saved, else the default). */
	enumName: string;
	enumValues: string[];
	enumStart: string;
	/** The required text parameter the test types into, and the value the pipeline saved for it. */
	textName: string;
	savedText: string;
	/** Every required parameter, with its description: the form shows them as `name — description`. */
	required: Array<{ name: string; description: string }>;
	/** Optional parameters: the form leaves them to Add parameter. */
	optional: string[];
	savedParams: Record<string, unknown>;
}

type SchemaProperty = { type?: string; enum?: unknown[]; default?: unknown; description?: string };
type SchemaGroup = { required?: string[]; properties?: Record<string, SchemaProperty> };

/** The sarek pipeline of the genomics workspace: its nf-validation schema (draft-07, `definitions`) and saved params. */
function sarekForm(editor: Editor): FormExpectations {
	const pipeline = editor.sim.data.pipelines.find((candidate) => candidate.id === PIPELINE_IDS.genomicsSarek);
	const schemaText = pipelineSchemaText('nf-core/sarek');
	if (!pipeline || !schemaText) throw new Error('The simulator has no sarek pipeline with a schema in the genomics workspace');
	const schema = JSON.parse(schemaText) as { definitions: Record<string, SchemaGroup> };
	const groups = Object.values(schema.definitions);
	const required = groups.flatMap((group) =>
		(group.required ?? []).map((name) => ({ name, description: group.properties?.[name]?.description ?? '' })),
	);
	const optional = groups.flatMap((group) => Object.keys(group.properties ?? {}).filter((name) => !group.required?.includes(name)));
	const properties = Object.assign({}, ...groups.map((group) => group.properties ?? {})) as Record<string, SchemaProperty>;
	const savedParams = JSON.parse(pipeline.paramsText) as Record<string, unknown>;
	const enumName = required.find(({ name }) => properties[name].enum)?.name;
	// Every required text parameter of sarek has a saved value: the test replaces it, so what arrives can only come from the form.
	const textName = required.find(
		({ name }) => !properties[name].enum && properties[name].type === 'string' && typeof savedParams[name] === 'string',
	)?.name;
	if (!enumName || !textName)
		throw new Error('sarek no longer has a required enum parameter and a required text parameter with a saved value');
	return {
		enumName,
		enumValues: (properties[enumName].enum ?? []).map(String),
		enumStart: String(savedParams[enumName] ?? properties[enumName].default),
		textName,
		savedText: savedParams[textName] as string,
		required,
		optional,
		savedParams,
	};
}

jest.setTimeout(600_000);

describe.each(versions)('the launch form in the editor of n8n %s', (version) => {
	let editor: Editor;
	let form: FormExpectations;
	let ndv: Locator;
	let mapper: Locator;
	// Unique to the release, and unlike anything saved with the pipeline.
	const typed = `s3://acme-genomics-work/n8n-${version}/launch-form/results`;

	beforeAll(async () => {
		editor = await startEditor(version, path.join(ARTIFACTS, version), { runProgressMs: 2000 });
		form = sarekForm(editor);
	});

	afterAll(async () => {
		await editor?.close();
	});

	it('adds the Seqera node on Pipeline → Launch with a new credential for the simulator', async () => {
		const { page, baseUrl, sim, screenshot } = editor;
		await signIn(page, baseUrl);
		ndv = await addSeqeraNode(page, baseUrl, 'Launch a launchpad pipeline');
		expect(await ndv.getByTestId('parameter-input-resource').locator('input').inputValue()).toBe('Pipeline (Launchpad)');
		expect(await ndv.getByTestId('parameter-input-operation').locator('input').inputValue()).toBe('Launch');
		// No pipeline picked yet: there is nothing to map.
		expect(await ndv.getByTestId('mapping-fields-container').count()).toBe(0);
		await screenshot('pipeline-launch');
		await createSimulatorCredential(page, sim.baseUrl, TOKEN);
		await screenshot('credential-created');
	});

	it("picks the workspace and a pipeline with a schema, and shows the pipeline's required parameters in the mapper", async () => {
		const { page, screenshot } = editor;
		// The lists come from the node's list searches, through the new credential.
		await ndv.getByTestId('resource-locator-workspace').getByTestId('rlc-input').click();
		await page.getByTestId('rlc-item').filter({ hasText: 'acme-bio / genomics' }).click();
		await ndv.getByTestId('resource-locator-pipelineId').getByTestId('rlc-input').click();
		const sarek = page.getByTestId('rlc-item').filter({ has: page.getByText('sarek', { exact: true }) });
		await settled(sarek);
		await screenshot('pipeline-list');
		await sarek.click();

		mapper = ndv.getByTestId('mapping-fields-container');
		await shown(mapper.getByTestId(`parameter-input-${form.textName}`));
		// The optional parameters are offered by "Add parameter to send" (a button in 2.x, a list in 1.x).
		await shown(ndv.getByTestId('add-fields-select'));
		await screenshot('parameters-in-mapper');
		// The required parameters, named as the schema describes them (the label may be cut short on screen;
		// its text is whole), in the order of the schema, starting at the saved value, else the default.
		const shownText = await mapper.innerText();
		let rest = shownText;
		for (const { name, description } of form.required) {
			const label = `${name} — ${description}`;
			expect(rest).toContain(label);
			rest = rest.slice(rest.indexOf(label) + label.length);
		}
		for (const name of form.optional) expect(shownText).not.toMatch(new RegExp(`^${name}\\b`, 'm'));
		expect(await mapper.getByTestId(`parameter-input-${form.textName}`).locator('input').inputValue()).toBe(form.savedText);
		expect(await mapper.getByTestId(`parameter-input-${form.enumName}`).locator('input').inputValue()).toBe(form.enumStart);

		// The enum parameter is a drop-down of the schema's values.
		await mapper.getByTestId(`parameter-input-${form.enumName}`).click();
		const options = page.getByRole('option');
		await settled(options.filter({ visible: true }).filter({ hasText: form.enumValues[form.enumValues.length - 1] }));
		await screenshot('enum-options');
		expect(await options.filter({ visible: true }).allInnerTexts()).toEqual(form.enumValues);
		await page.getByRole('option', { name: form.enumStart, exact: true }).filter({ visible: true }).click();
	});

	it('fills a required field, executes the node, shows the run, and the simulator receives the value in paramsText', async () => {
		const { sim, screenshot } = editor;
		const field = mapper.getByTestId(`parameter-input-${form.textName}`).locator('input');
		await field.clear();
		await field.fill(typed);
		await field.press('Tab');
		expect(await field.inputValue()).toBe(typed);
		await screenshot('required-field-filled');
		// n8n 2.x stores a mapper field's typed value in the node a moment after the change (the field was
		// cleared first, which it stores too); a run started within that moment still sees the empty field
		// and refuses to start ("outdir is required"). A person takes longer than this between the two, and
		// nothing on the page marks the value stored: wait as a person would.
		await sleep(1000);

		const before = sim.data.launches.length;
		await ndv.getByTestId('node-execute-button').click();
		const output = ndv.getByTestId('output-panel');
		await expectText(output.getByTestId('ndv-items-count').first(), '1 item');
		await output.getByTestId('radio-button-table').click();
		await screenshot('run-in-output-panel');

		expect(sim.data.launches).toHaveLength(before + 1);
		const launch = sim.data.launches[before];
		const shownRun = await output.getByTestId('ndv-data-container').innerText();
		expect(shownRun).toContain(launch.workflowId);
		expect(shownRun).toContain(String(PIPELINE_IDS.genomicsSarek));
		expect(launch.workspaceId).toBe(GENOMICS);
		const request = launch.request as { launch: { pipeline: string; paramsText: string } };
		expect(request.launch.pipeline).toBe('https://github.com/nf-core/sarek');
		// The typed value replaces the saved one; the rest of the saved params and the form's enum value go along.
		expect(request.launch.paramsText).toContain(typed);
		expect(request.launch.paramsText).not.toContain(form.savedText);
		expect(JSON.parse(request.launch.paramsText)).toEqual({
			...form.savedParams,
			[form.enumName]: form.enumStart,
			[form.textName]: typed,
		});
		expect(sim.contractViolations).toEqual([]);
	});
});
