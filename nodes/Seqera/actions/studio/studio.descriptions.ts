import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, byUrl, fromList, locator } from '../../fields/locatorBuilders';

/**
 * A Studio by session ID. The web app links a Studio as
 * `https://cloud.seqera.io/orgs/ORG/workspaces/WORKSPACE/studios/SESSION_ID` (with `/connect` or another
 * tab after it); By URL takes the session ID after `/studios/`.
 */
export const studioLocator: INodeProperties = locator({ displayName: 'Studio', name: 'sessionId', required: true }, [
	fromList('searchStudios'),
	byName({ placeholder: 'rnaseq-exploration' }),
	byId({ placeholder: '3f9a1c7e', check: { kind: 'studio', errorMessage: 'A Studio session ID has only letters and digits' } }),
	byUrl({
		segment: 'studios',
		kind: 'studio',
		placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/studios/3f9a1c7e/connect',
		errorMessage: 'Paste the URL of a Studio page (it contains /studios/ and the session ID)',
	}),
]);

/** The data links a Studio mounts, as Create and Start's overrides take them. */
export const mountedDataLinksField: INodeProperties = {
	displayName: 'Data Links to Mount',
	name: 'dataLinkIds',
	type: 'multiOptions',
	default: [],
	typeOptions: { loadOptionsMethod: 'getMountableDataLinks', loadOptionsDependsOn: ['workspace.value'] },
	description: 'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'The Studio sees them under /workspace/data. An expression gives an array of data link IDs, or IDs separated by commas.',
};

export const lifespanField: INodeProperties = {
	displayName: 'Lifespan (Hours)',
	name: 'lifespanHours',
	type: 'number',
	default: 8,
	typeOptions: { minValue: 0 },
	description: "How long the Studio runs before it is stopped; 0 for no limit, where the workspace's settings allow it",
};
