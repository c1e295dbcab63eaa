import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { labelNamesField } from '../../fields/labelFields';
import { requireNumericIdList, toList } from '../../helpers/validate';
import { workspaceIdFor } from '../../names/workspaceId';
import { workspaceMemberships } from '../../names/workspaces';
import { launchLabelIds } from '../../runs/labels';
import { apiRequest } from '../../transport';

// DataStudioConfiguration.condaEnvironment
const CONDA_ENVIRONMENT_MAX_LENGTH = 2048;
const ENVIRONMENT_VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ENVIRONMENT_FIELD = 'Environment Variables';
const ALLOWED_USER_FIELD = 'Allowed User';

export const condaEnvironmentField: INodeProperties = {
	displayName: 'Conda Environment',
	name: 'condaEnvironment',
	type: 'string',
	default: '',
	typeOptions: { rows: 6 },
	placeholder: 'channels:\n  - conda-forge\ndependencies:\n  - numpy',
	description: "Conda packages to install in the Studio, as a Conda environment file's YAML; only with one of the platform's templates",
};

export const environmentField: INodeProperties = {
	displayName: ENVIRONMENT_FIELD,
	name: 'environment',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Variable',
	default: {},
	options: [
		{
			displayName: 'Variable',
			name: 'variables',
			values: [
				{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'PROJECT' },
				{ displayName: 'Value', name: 'value', type: 'string', default: '' },
			],
		},
	],
};

/** A Git repository the platform imports the Studio's configuration from (StudioRemoteConfiguration). */
export const remoteConfigFields: INodeProperties[] = [
	{
		displayName: 'Git Repository',
		name: 'repository',
		type: 'string',
		default: '',
		placeholder: 'https://github.com/acme/studio-config',
		description: "URL of a Git repository to import the Studio's configuration from",
	},
	{
		displayName: 'Git Revision',
		name: 'revision',
		type: 'string',
		default: '',
		placeholder: 'main',
		description: 'Branch, tag or commit of the Git repository to check out; needs Git Repository',
	},
];

export const sshField: INodeProperties = {
	displayName: 'SSH',
	name: 'sshEnabled',
	type: 'boolean',
	default: false,
	description: 'Whether the Studio can be connected to over SSH',
};

/** The labels to put on a Studio: by ID, and by name. */
export const studioLabelFields: INodeProperties[] = [
	{
		displayName: 'Label IDs',
		name: 'labelIds',
		type: 'string',
		default: '',
		placeholder: '112233445566, 998877665544',
		description: 'Comma-separated numeric IDs of labels to put on the Studio',
	},
	labelNamesField('the Studio'),
];

export const allowedUserField: INodeProperties = {
	displayName: 'Allowed User',
	name: 'allowedUser',
	type: 'string',
	default: '',
	placeholder: 'jane-doe',
	description:
		'A user of the workspace, besides the creator, who may connect to and start the Studio when it is private: ' +
		'numeric user ID, user name or email',
};

/** What a Studio's create and start requests take beside its configuration: spot, labels, the allowed user. */
export const studioAccessFields: INodeProperties[] = [
	allowedUserField,
	...studioLabelFields,
	{
		displayName: 'Spot',
		name: 'spot',
		type: 'boolean',
		default: false,
		description: 'Whether to run the Studio on spot instances; left out, the compute environment decides',
	},
];

/** The Conda environment given, checked; undefined when none is. */
export function condaEnvironmentOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string | undefined {
	const text = String(value ?? '').trim();
	if (text === '') return undefined;
	if (text.length > CONDA_ENVIRONMENT_MAX_LENGTH) {
		throw new NodeOperationError(context.getNode(), `Conda Environment is longer than ${CONDA_ENVIRONMENT_MAX_LENGTH} characters`, {
			itemIndex,
			description: `It has ${text.length} (item ${itemIndex}). List fewer packages.`,
		});
	}
	return text;
}

/** StudioRemoteConfiguration from Git Repository and Git Revision; undefined when neither is given. */
export function remoteConfigOf(context: IExecuteFunctions, itemIndex: number, options: IDataObject): IDataObject | undefined {
	const repository = String(options.repository ?? '').trim();
	const revision = String(options.revision ?? '').trim();
	if (repository === '' && revision !== '') {
		throw new NodeOperationError(context.getNode(), 'Git Revision needs Git Repository', {
			itemIndex,
			description: `Give the repository the revision is of, or remove Git Revision (item ${itemIndex}).`,
		});
	}
	if (repository === '') return undefined;
	if (/\s/.test(repository)) {
		throw new NodeOperationError(context.getNode(), `Git Repository "${repository}" is not a repository URL`, {
			itemIndex,
			description: `Give its URL, such as https://github.com/acme/studio-config (item ${itemIndex}).`,
		});
	}
	return { repository, ...(revision === '' ? {} : { revision }) };
}

/** The environment variables given, as DataStudioConfiguration.environment; undefined when none are. */
export function environmentOf(context: IExecuteFunctions, itemIndex: number, value: unknown): IDataObject | undefined {
	const variables = ((value ?? {}) as { variables?: Array<{ name?: string; value?: string }> }).variables ?? [];
	if (variables.length === 0) return undefined;
	const environment: IDataObject = {};
	for (const variable of variables) {
		const name = String(variable.name ?? '').trim();
		if (!ENVIRONMENT_VARIABLE_NAME.test(name)) {
			throw new NodeOperationError(context.getNode(), `${ENVIRONMENT_FIELD}: "${name}" is not a variable name`, {
				itemIndex,
				description: `A name has letters, digits and underscores, and does not start with a digit (item ${itemIndex}).`,
			});
		}
		environment[name] = String(variable.value ?? '');
	}
	return environment;
}

/**
 * The user ID of the allowed user, as tower-cli's `--allow-user` finds it: a number is taken as the ID;
 * a user name or email is looked up among the organization's members, then its collaborators, and must
 * match exactly.
 */
async function allowedUserIdOf(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceIdOf: () => Promise<string | undefined>,
	given: string,
): Promise<number> {
	if (/^\d+$/.test(given)) return Number(given);
	const node = context.getNode();
	const workspaceId = await workspaceIdOf();
	const organizationId = workspaceId === undefined ? undefined : await organizationIdOf(context, itemIndex, workspaceId);
	if (organizationId === undefined) {
		throw new NodeOperationError(node, `${ALLOWED_USER_FIELD} "${given}" needs a workspace of an organization`, {
			itemIndex,
			description: `A personal workspace has no other users to allow (item ${itemIndex}).`,
		});
	}
	const named = (member: IDataObject) => member.userName === given || String(member.email ?? '').toLowerCase() === given.toLowerCase();
	for (const list of ['members', 'collaborators']) {
		const found = await apiRequest<{ members?: IDataObject[] }>(context, {
			method: 'GET',
			path: ['orgs', organizationId, list],
			query: { search: given },
			itemIndex,
		});
		const member = (found.members ?? []).find(named);
		if (member?.userId !== undefined) return Number(member.userId);
	}
	throw new NodeOperationError(node, `${ALLOWED_USER_FIELD} "${given}" is not a member or collaborator of the organization`, {
		itemIndex,
		description: `Give a user name or email exactly as the organization's members list shows it, or the user's ID (item ${itemIndex}).`,
	});
}

async function organizationIdOf(context: IExecuteFunctions, itemIndex: number, workspaceId: string): Promise<string | undefined> {
	const entry = (await workspaceMemberships(context, itemIndex)).find((each) => String(each.workspaceId) === workspaceId);
	return entry?.orgId === undefined || entry.orgId === null ? undefined : String(entry.orgId);
}

/**
 * The request fields of studioAccessFields that were given, each checked; labels by name are found or
 * created. The workspace is read only for a lookup, so a node given none of these sends what it sent before.
 */
export async function studioAccessOf(context: IExecuteFunctions, itemIndex: number, options: IDataObject): Promise<IDataObject> {
	const node = context.getNode();
	const allowedUser = String(options.allowedUser ?? '').trim();
	if (/\s/.test(allowedUser)) {
		throw new NodeOperationError(node, `${ALLOWED_USER_FIELD} "${allowedUser}" is not a user ID, user name or email`, {
			itemIndex,
			description: `Give one user: a numeric ID, a user name such as jane-doe, or an email (item ${itemIndex}).`,
		});
	}
	const labelIds = await studioLabelIdsOf(context, itemIndex, options);
	const workspaceId = async () => await workspaceIdFor(context, itemIndex);
	return {
		...(allowedUser === '' ? {} : { allowedUserIds: [await allowedUserIdOf(context, itemIndex, workspaceId, allowedUser)] }),
		...(labelIds.length === 0 ? {} : { labelIds }),
		...(options.spot === undefined ? {} : { spot: options.spot === true }),
	};
}

/**
 * The IDs of the labels of studioLabelFields, checked, without repeats; labels by name are found or
 * created. None given, nothing is read.
 */
export async function studioLabelIdsOf(context: IExecuteFunctions, itemIndex: number, options: IDataObject): Promise<number[]> {
	const labelIds = requireNumericIdList(context.getNode(), itemIndex, options.labelIds ?? '', 'Label IDs');
	const labelNames = toList(options.labels);
	if (labelNames.length > 0) {
		labelIds.push(...(await launchLabelIds(context, itemIndex, await workspaceIdFor(context, itemIndex), labelNames)));
	}
	return [...new Set(labelIds)];
}
