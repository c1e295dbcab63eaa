import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator, ResourceMapperValue } from 'n8n-workflow';

import { DATASET_INPUTS_FIELD, PIPELINE_PARAMETERS_FIELD } from '../fields/fieldNames';
import { parseJsonOrYaml, requireStringId, requireText } from '../helpers/validate';
import { apiRequest } from '../transport';
import { checkLaunchParameters, type LeftToPipeline, type ParameterSources } from './parameterChecks';
import {
	convertedValue,
	savedPipelineSchema,
	schemaParameters,
	takesDataset,
	type SavedPipelineSchema,
	type SchemaParameter,
} from './pipelineSchema';

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
	const inputs = context.getNodeParameter(`${DATASET_INPUTS_FIELD}.input`, itemIndex, []) as DatasetInput[];
	const values: IDataObject = {};
	for (const input of inputs) {
		const name = requireText(node, itemIndex, 'Datasets as Inputs → Parameter', input.parameter);
		if (parameters && !parameters.some((parameter) => parameter.name === name && takesDataset(parameter))) {
			const accepted = parameters.filter(takesDataset).map((parameter) => parameter.name);
			throw new NodeOperationError(node, `Parameter "${name}" does not take a dataset`, {
				itemIndex,
				description:
					`Only CSV or TSV file parameters take datasets; this pipeline's are: ${accepted.join(', ') || 'none'} (item ` +
					`${itemIndex}).`,
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
				: versions.reduce<DatasetVersion | undefined>(
						(latest, version) => ((version.version ?? 0) > (latest?.version ?? 0) ? version : latest),
						undefined,
					);
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

	async of(
		pipelineId: string,
		workspaceId: string | undefined,
		itemIndex: number,
		sourceWorkspaceId?: string,
		versionId?: string,
	): Promise<SavedPipelineSchema> {
		const key = `${workspaceId ?? ''}/${pipelineId}/${versionId ?? ''}`;
		let schema = this.read.get(key);
		if (!schema) {
			schema = savedPipelineSchema(this.context, pipelineId, workspaceId, itemIndex, sourceWorkspaceId, versionId);
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
