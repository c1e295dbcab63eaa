import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { operationIndex } from '../../contract/operations';
import type { ExportDocument, ExportKind } from '../../items/exportDocument';

/** What the platform made for the compute environment Get describes; a copy gets its own. */
const MADE_BY_THE_PLATFORM = ['forgedResources', 'deletedResources'];
/**
 * The queues Forge made for it (`TowerForge-<id>-work`): a Forge copy makes its own, as tower-cli's `compute-envs export` leaves them out.
 */
const FORGED_QUEUES = ['computeQueue', 'headQueue'];

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value without its null fields: the platform writes a field it has no value for as null, which is "not given" when sent back. */
export function withoutNulls(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutNulls);
	if (!isObject(value)) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([, field]) => field !== null)
			.map(([field, inner]) => [field, withoutNulls(inner)]),
	);
}

/** A Get's configuration without nulls and without what the platform made for the original (forged resources, the queues Forge made). */
function cleanedConfig(config: IDataObject): IDataObject {
	const copy = { ...(withoutNulls(config) as IDataObject) };
	const made = isObject(copy.forge) ? [...MADE_BY_THE_PLATFORM, ...FORGED_QUEUES] : MADE_BY_THE_PLATFORM;
	for (const field of made) delete copy[field];
	return copy;
}

/**
 * Version 1.2 of Create takes a Get's output as the platform sends it (tower-cli's captured answers): nulls left
 * out, and what the platform made for the original (forged resources, the queues Forge made) too.
 */
export function asPlatformAnswerCopy(computeEnv: IDataObject): IDataObject {
	const copy = withoutNulls(computeEnv) as IDataObject;
	return isObject(copy.config) ? { ...copy, config: cleanedConfig(copy.config) } : copy;
}

/**
 * The file tower-cli's `compute-envs export` writes: the configuration (cleaned as Create cleans a Get's output, and for
 * AWS Batch without its volumes, as tower-cli's `AwsBatchForgePlatform.clean` and `AwsBatchManualPlatform.clean` do)
 * with the compute environment's labels beside its fields.
 */
export function exportedComputeEnv(computeEnv: IDataObject): IDataObject {
	const config = cleanedConfig(isObject(computeEnv.config) ? computeEnv.config : {});
	if (config.discriminator === 'aws-batch') delete config.volumes;
	const labels = Array.isArray(computeEnv.labels) ? computeEnv.labels : [];
	return { ...config, labels: withoutNulls(labels) as IDataObject[] };
}

/** The platforms a configuration may name in `discriminator`, from the contract's ComputeConfig. */
function knownPlatforms(): string[] {
	const discriminator = operationIndex.schemas.ComputeConfig?.discriminator as { mapping?: Record<string, string> } | undefined;
	return Object.keys(discriminator?.mapping ?? {});
}

/** A checked export: the configuration to send, its platform, and its labels as tower-cli names them (`name` or `name=value`). */
export interface ImportedComputeEnv {
	platform: string;
	config: IDataObject;
	labels: string[];
}

/** Export From and its fields, for a compute environment export. */
export const COMPUTE_ENV_EXPORT: ExportKind = { resource: 'Compute Environment', shape: 'an object with a "discriminator"' };

/**
 * Checks an export read by readExportDocument, failing the item, naming the field, where it has no `discriminator`,
 * names a platform the contract does not know, or has labels that are not a list of named labels.
 */
export function importedComputeEnv(context: IExecuteFunctions, itemIndex: number, { document, field }: ExportDocument): ImportedComputeEnv {
	const node = context.getNode();
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description: `${description} (item ${itemIndex}). Nothing was sent.` });
	};
	const { labels, ...config } = document;
	const platform = config.discriminator;
	if (typeof platform !== 'string' || platform.trim() === '') {
		return fail(
			`${field} has no "discriminator"`,
			'A compute environment export names its platform in "discriminator", such as "aws-batch"',
		);
	}
	const known = knownPlatforms();
	if (!known.includes(platform)) {
		fail(`${field} names an unknown platform "${platform}"`, `"discriminator" must be one of ${known.join(', ')}`);
	}
	if (labels !== undefined && labels !== null && !Array.isArray(labels)) {
		fail(`${field} has "labels" that are not a list`, 'An export lists its labels as [{"name": ..., "value": ...}]');
	}
	const named = ((labels ?? []) as unknown[]).map((label) => {
		const { name, value: labelValue } = isObject(label) ? label : {};
		if (typeof name !== 'string' || name.trim() === '') return fail(`${field} has a label without a name`, 'Each label needs a "name"');
		return labelValue === undefined || labelValue === null || labelValue === '' ? name : `${name}=${String(labelValue)}`;
	});
	return { platform, config: withoutNulls(config) as IDataObject, labels: named };
}
