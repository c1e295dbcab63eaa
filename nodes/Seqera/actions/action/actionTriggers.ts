import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { requireStringId, requireText } from '../../helpers/validate';
import { DATA_LINKS, idOrName } from '../../names/lookups';

/** A cron action's schedule: the expression as given (the platform checks it) and a time zone. */
export function cronOf(context: IExecuteFunctions, itemIndex: number, saved: IDataObject = {}): IDataObject {
	const given = (context.getNodeParameter('schedule', itemIndex, '') as string).trim();
	const expression = given !== '' ? given : String(saved.expression ?? '');
	const timezone = (context.getNodeParameter('timezone', itemIndex, '') as string).trim();
	return {
		expression: requireText(context.getNode(), itemIndex, 'Schedule', expression),
		timezone: timezone !== '' ? timezone : String(saved.timezone ?? context.getTimezone()),
	};
}

/** A bucket action's data link (By Name looked up in the workspace) and the path its files are created below. */
export async function bucketOf(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const dataLinkId = requireStringId(
		context.getNode(),
		itemIndex,
		await idOrName(context, itemIndex, 'dataLinkId', DATA_LINKS),
		'Data Link',
	);
	const path = (context.getNodeParameter('path', itemIndex, '') as string).trim().replace(/^\/+/, '');
	return { dataLinkId, ...(path !== '' ? { filter: path } : {}) };
}
