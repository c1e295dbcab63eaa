import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dataLinkPath, describeDataLink, pathEncodingOf, pathProblem, type DataLinkScope, type PathEncoding } from '../../dataLinks/calls';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireStringId, requireText, requireWholeCharacters } from '../../helpers/validate';
import type { DataLinkInfo } from '../../dataLinks/dataLinkApi';
import { DATA_LINKS, idOrName } from '../../names/lookups';
import { describeValue } from '../../text/describeValue';
import { workspaceCredentialsIdFor, workspaceCredentialsLocator } from '../computeEnv/computeEnv.descriptions';

/**
 * The item's workspace and data link (as the platform describes it), checked before anything is sent.
 * The data link's calls go with the Workspace Credentials given (`transferCredentialsLocator`), or else
 * with the data link's first.
 */
export async function dataLinkOfItem(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<{ scope: DataLinkScope & { itemIndex: number }; dataLink: DataLinkInfo }> {
	const credentialsId = workspaceCredentialsIdFor(context, itemIndex);
	const scope = { workspaceId: await workspaceIdFor(context, itemIndex), pathEncoding: pathEncodingOf(context), itemIndex };
	return { scope, dataLink: await describeDataLink(context, scope, await dataLinkIdFor(context, itemIndex), credentialsId) };
}

/**
 * A path typed in a field, below the data link's root, without `/` at either end; '' is the root. A
 * path that cannot go into a URL as it is sent (a `..` step, an empty folder name) fails naming the
 * field before any call. The path is checked as the node version sends paths, unless `encoding` says how it goes.
 */
export function pathParameter(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	field: string,
	{ required, encoding }: { required: boolean; encoding?: PathEncoding },
): string {
	const node = context.getNode();
	const path = dataLinkPath(String(context.getNodeParameter(name, itemIndex, '') ?? '').trim());
	if (required) requireText(node, itemIndex, field, path);
	const refused = pathProblem(path, encoding ?? pathEncodingOf(context));
	if (refused !== undefined) {
		throw new NodeOperationError(node, `${field} "${path}" ${refused.problem}`, {
			itemIndex,
			description: `${refused.why} Give the path from the data link's root, such as runs/240501/SampleSheet.csv (item ${itemIndex}).`,
		});
	}
	return requireWholeCharacters(node, itemIndex, field, path);
}

export const BINARY_FIELD = 'Input Binary Field';
export const FOLDER_FIELD = 'Folder';

/** What Upload File and Upload Folder upload from: the input binary field, and the folder below the data link's root. */
export function uploadSourceFields(binaryHint: string, folder: { placeholder: string; description: string }): INodeProperties[] {
	return [
		{ displayName: BINARY_FIELD, name: 'binaryPropertyName', type: 'string', default: 'data', required: true, hint: binaryHint },
		{ displayName: FOLDER_FIELD, name: 'folder', type: 'string', default: '', ...folder },
	];
}

/** The Data Link field's ID, By Name looked up among the workspace's data links, checked before any call. */
export async function dataLinkIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireStringId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'dataLinkId', DATA_LINKS), 'Data Link');
}

/** The cloud providers whose buckets a data link can be made of, as tower-cli's `data-links add` offers them. */
export const DATA_LINK_PROVIDERS = {
	aws: { name: 'AWS S3', scheme: 's3://', example: 's3://acme-sequencing-inbox/runs' },
	azure: { name: 'Azure Blob Storage', scheme: 'az://', example: 'az://results-container/runs' },
	google: { name: 'Google Cloud Storage', scheme: 'gs://', example: 'gs://acme-references/genomes' },
} as const;
type DataLinkProviderName = keyof typeof DATA_LINK_PROVIDERS;

/** The Provider field's value; an expression may give anything, and the platform would take an unknown provider as one it has. */
export function providerFor(context: IExecuteFunctions, itemIndex: number): DataLinkProviderName {
	const provider = String(context.getNodeParameter('provider', itemIndex, '') ?? '').trim();
	if (Object.hasOwn(DATA_LINK_PROVIDERS, provider)) return provider as DataLinkProviderName;
	throw new NodeOperationError(context.getNode(), `Provider "${describeValue(provider)}" is not one a data link can be made of`, {
		itemIndex,
		description: `Give one of ${Object.keys(DATA_LINK_PROVIDERS).join(', ')} (item ${itemIndex}).`,
	});
}

export const RESOURCE_REFERENCE_FIELD = 'Resource Reference';

/** Credentials of the workspace the platform reads the bucket with. */
export const dataLinkCredentialsLocator: INodeProperties = {
	...workspaceCredentialsLocator,
	description: "Credentials of the workspace for the bucket's cloud; they must be of the data link's provider",
};

/** Which of the data link's credentials its browsing, downloads and uploads go with, as tw's `-c` chooses them. */
export const transferCredentialsLocator: INodeProperties = {
	...dataLinkCredentialsLocator,
	description:
		"Which of the data link's credentials the platform reads and writes the bucket with, for a bucket that several " +
		"credentials of the workspace reach. Leave empty for the data link's first.",
};

/**
 * The bucket, or folder of one, as the provider writes it (`s3://bucket/folder`), checked before any
 * call: a reference of another cloud, or one without a bucket, fails naming the field and the form it takes.
 */
export function resourceReferenceFor(context: IExecuteFunctions, itemIndex: number, provider: DataLinkProviderName): string {
	const node = context.getNode();
	const reference = requireText(node, itemIndex, RESOURCE_REFERENCE_FIELD, context.getNodeParameter('resourceRef', itemIndex, ''));
	const { name, scheme, example } = DATA_LINK_PROVIDERS[provider];
	const bucket = reference.startsWith(scheme) ? reference.slice(scheme.length).split('/')[0] : '';
	const problem = !reference.startsWith(scheme)
		? `does not start with ${scheme}`
		: bucket === ''
			? 'names no bucket'
			: /\s/.test(reference)
				? 'holds a space'
				: undefined;
	if (problem !== undefined) {
		throw new NodeOperationError(node, `${RESOURCE_REFERENCE_FIELD} "${describeValue(reference)}" ${problem}`, {
			itemIndex,
			description:
				`A ${name} data link is written ${scheme}bucket, or ${scheme}bucket/folder for a folder of one, such as ${example}. ` +
				`Fix ${RESOURCE_REFERENCE_FIELD}, or choose the Provider the bucket is in (item ${itemIndex}).`,
		});
	}
	return reference;
}
