import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, byUrl, fromList, locator } from '../fields/locatorBuilders';

/** A data link (a bucket, or a folder of one, in the Data Explorer): from the list, by ID, or by the Data Explorer's URL. */
export const dataLinkLocator: INodeProperties = locator(
	{
		displayName: 'Data Link',
		name: 'dataLinkId',
		required: true,
		description: 'The bucket, or folder of one, as the Data Explorer shows it',
	},
	[
		fromList('searchDataLinks'),
		byName({ placeholder: 'sequencing-inbox' }),
		byId({
			placeholder: 'v1-user-2f8a6c41d9e07b35',
			check: { kind: 'string', errorMessage: 'A data link ID has only letters, digits, - and _' },
		}),
		byUrl({
			segment: 'data-explorer',
			kind: 'string',
			placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/data-explorer/v1-user-2f8a6c41d9e07b35/browse',
			errorMessage: 'Paste the URL of a data link in the Data Explorer (it contains /data-explorer/)',
		}),
	],
);
