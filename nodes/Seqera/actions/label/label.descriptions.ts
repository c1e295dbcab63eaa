import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, fromList, locator } from '../../fields/locatorBuilders';

/** One label of the workspace, simple or resource: the one Update and Delete change. */
export const oneLabelLocator: INodeProperties = locator(
	{ displayName: 'Label', name: 'labelId', required: true, description: 'A label of the workspace, simple or resource' },
	[
		fromList('searchAllLabels'),
		byName({ placeholder: 'production', hint: 'The exact name, case included; name=value for a resource label' }),
		byId({ placeholder: '70218431907355', check: { kind: 'numeric', errorMessage: 'A label ID is a number' } }),
	],
);
