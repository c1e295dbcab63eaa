import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, INodeProperties, ResourceMapperValue } from 'n8n-workflow';

import { datasetLocator } from '../fields/locators';
import { parseJsonOrYaml, requireStringId, requireText } from '../helpers/validate';
import { apiRequest } from '../transport/request';
import { checkLaunchParameters, type LeftToPipeline, type ParameterSources } from './parameterChecks';
import {
	convertedValue,
	savedPipelineSchema,
	schemaParameters,
	takesDataset,
	type SavedPipelineSchema,
	type SchemaParameter,
} from './pipelineSchema';

const PIPELINE_PARAMETERS_FIELD = 'pipelineParameters';

/** A Launchpad pipeline's parameters as a form, its fields read from the pipeline's schema. */
export const pipelineParametersField: INodeProperties = {
	displayName: 'Pipeline Parameters',
	name: PIPELINE_PARAMETERS_FIELD,
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description:
		"The parameters the pipeline's schema declares. Values here win over the JSON/YAML text of Launch Settings, which wins over the pipeline's saved parameters.",
	typeOptions: {
		loadOptionsDependsOn: ['pipelineId.value', 'workspace.value'],
		resourceMapper: {
			resourceMapperMethod: 'getPipelineParameters',
			mode: 'add',
			fieldWords: { singular: 'parameter', plural: 'parameters' },
			addAllFields: false,
			multiKeyMatch: false,
			supportAutoMap: false,
		},
	},
};

/** Workspace datasets given to the pipeline's CSV and TSV file parameters, resolved to the URL of a version. */
export const datasetInputsField: INodeProperties = {
	displayName: 'Datasets as Inputs',
	name: 'datasetInputs',
	type: 'fixedCollection',
	placeholder: 'Add Dataset Input',
	default: {},
	typeOptions: { multipleValues: true },
	description:
		"Give a workspace dataset to a CSV or TSV file parameter of the pipeline (such as input), as the web app's launch form does. A dataset wins over the same parameter in the form and the text.",
	options: [
		{
			displayName: 'Dataset Input',
			name: 'input',
			values: [
				{
					displayName: 'Parameter Name or ID',
					name: 'parameter',
					type: 'options',
					default: '',
					description:
						'The file parameter that reads the dataset. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					typeOptions: { loadOptionsMethod: 'getDatasetParameters', loadOptionsDependsOn: ['/pipelineId.value'] },
				},
				{ ...datasetLocator, displayName: 'Dataset', name: 'dataset' },
				{
					displayName: 'Version',
					name: 'version',
					type: 'number',
					default: 0,
					typeOptions: { minValue: 0 },
					description: "The dataset's version; 0 uses its latest",
				},
			],
		},
	],
};

interface DatasetInput {
	parameter?: string;
	dataset?: INodeParameterResourceLocator;
	version?: number;
}

interface DatasetVersion {
	version?: number;
	url?: string;
}

/**
 * The URL each dataset input launches with (`url` of the chosen version, as the platform gives it), by
 * parameter. With a schema, only its CSV and TSV file parameters take datasets.
 */
async function datasetValues(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	parameters: SchemaParameter[] | undefined,
): Promise<IDataObject> {
	const node = context.getNode();
	const inputs = context.getNodeParameter('datasetInputs.input', itemIndex, []) as DatasetInput[];
	const values: IDataObject = {};
	for (const input of inputs) {
		const name = requireText(node, itemIndex, 'Datasets as Inputs → Parameter', input.parameter);
		if (parameters && !parameters.some((parameter) => parameter.name === name && takesDataset(parameter))) {
			const accepted = parameters.filter(takesDataset).map((parameter) => parameter.name);
			throw new NodeOperationError(node, `Parameter "${name}" does not take a dataset`, {
				itemIndex,
				description: `Only CSV or TSV file parameters take datasets; this pipeline's are: ${accepted.join(', ') || 'none'} (item ${itemIndex}).`,
			});
		}
		const datasetId = requireStringId(node, itemIndex, input.dataset?.value, 'Datasets as Inputs → Dataset');
		const { versions = [] } = await apiRequest<{ versions?: DatasetVersion[] }>(context, {
			method: 'GET',
			path: ['datasets', datasetId, 'versions'],
			query: { workspaceId },
			itemIndex,
		});
		const wanted = Number(input.version ?? 0);
		const chosen =
			wanted > 0
				? versions.find((version) => version.version === wanted)
				: versions.reduce<DatasetVersion | undefined>((latest, version) => ((version.version ?? 0) > (latest?.version ?? 0) ? version : latest), undefined);
		if (!chosen?.url) {
			throw new NodeOperationError(node, `Dataset ${datasetId} has ${wanted > 0 ? `no version ${wanted}` : 'no versions'}`, {
				itemIndex,
				description: `Upload a version first (Dataset → Upload Version), or pick another version (item ${itemIndex}).`,
			});
		}
		values[name] = chosen.url;
	}
	return values;
}

/**
 * Schemas read once per execution for each pipeline and workspace: the items of a batch usually launch
 * the same pipeline. A failed read is not kept, so the next item asks again.
 */
export class PipelineSchemas {
	private readonly read = new Map<string, Promise<SavedPipelineSchema>>();

	constructor(private readonly context: IExecuteFunctions) {}

	async of(pipelineId: string, workspaceId: string | undefined, itemIndex: number): Promise<SavedPipelineSchema> {
		const key = `${workspaceId ?? ''}/${pipelineId}`;
		let schema = this.read.get(key);
		if (!schema) {
			schema = savedPipelineSchema(this.context, pipelineId, workspaceId, itemIndex);
			this.read.set(key, schema);
			schema.catch(() => this.read.delete(key));
		}
		return await schema;
	}
}

/** The values filled in the Pipeline Parameters form, converted to the schema's types; empty fields are not given. */
function formValues(context: IExecuteFunctions, itemIndex: number, parameters: SchemaParameter[]): IDataObject {
	const form = context.getNodeParameter(PIPELINE_PARAMETERS_FIELD, itemIndex, null) as ResourceMapperValue | null;
	const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
	const values: IDataObject = {};
	for (const [name, value] of Object.entries(form?.value ?? {})) {
		if (value === null || value === undefined || value === '') continue;
		values[name] = convertedValue(byName.get(name), value) as IDataObject[string];
	}
	return values;
}

/** What a Launchpad launch sends as its parameters, and what it leaves to the pipeline. */
export interface LaunchpadParameters {
	paramsText: string | undefined;
	/** Required parameters the launch does not send, left to a config profile or an included config file. */
	leftToPipeline: LeftToPipeline;
}

/**
 * The parameters of a Launchpad launch, laid over each other by name: the pipeline's saved parameters,
 * then the JSON/YAML text of Launch Settings, then the form's fields, then the datasets given as inputs.
 * The result is checked against the pipeline's schema when it has one (see checkLaunchParameters for the
 * rule). With none of these given the saved text is sent as it was saved.
 */
export async function launchpadParameters(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	savedParamsText: string | undefined,
	typedParamsText: string | undefined,
	pipelineSchema: SavedPipelineSchema,
	sources: ParameterSources,
): Promise<LaunchpadParameters> {
	const node = context.getNode();
	const { schema } = pipelineSchema;
	const parameters = schema ? schemaParameters(schema) : undefined;
	const typed = typedParamsText === undefined ? {} : parseJsonOrYaml(node, itemIndex, typedParamsText, 'Pipeline Parameters');
	const given = {
		...formValues(context, itemIndex, parameters ?? []),
		...(await datasetValues(context, itemIndex, workspaceId, parameters)),
	};
	const saved = savedParamsText ? parseJsonOrYaml(node, itemIndex, savedParamsText, 'Saved pipeline parameters') : {};
	const params = { ...saved, ...typed, ...given };
	const givenNames = new Set([...Object.keys(typed), ...Object.keys(given)]);
	const leftToPipeline = schema
		? checkLaunchParameters(node, itemIndex, schema, params, givenNames, sources)
		: { names: [], suppliers: [] };
	const unchanged = typedParamsText === undefined && Object.keys(given).length === 0;
	return { paramsText: unchanged ? savedParamsText : JSON.stringify(params), leftToPipeline };
}

/** Hints already shown in each execution: a batch that leaves the same parameters to the same profile shows one. */
const hintsShown = new WeakMap<IExecuteFunctions, Set<string>>();

/**
 * Shows in the editor's output pane which required parameters a launch left to the pipeline, and to what;
 * the item's `requiredParametersLeftToPipeline` names them per item.
 */
export function hintLeftToPipeline(context: IExecuteFunctions, { names, suppliers }: LeftToPipeline): void {
	if (names.length === 0) return;
	const message =
		`Required pipeline parameters not sent: ${names.join(', ')}. The launch leaves them to ${suppliers.join(' or ')}; ` +
		'if that does not set them, the run fails when the pipeline checks its parameters.';
	const shown = hintsShown.get(context) ?? new Set<string>();
	hintsShown.set(context, shown);
	if (shown.has(message)) return;
	shown.add(message);
	context.addExecutionHints({ message, type: 'info', location: 'outputPane' });
}
