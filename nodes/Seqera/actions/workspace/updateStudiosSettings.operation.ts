import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requireCount } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { describeValue } from '../../text/describeValue';
import { apiRequest } from '../../transport';
import { studiosSettingsOf, studiosSettingsPath } from './studiosSettings';
import { updateFieldsOf } from '../../helpers/parameters';

/** Stands for the platform's default in the Name Strategy list; it is sent as null. */
const PLATFORM_DEFAULT = 'platformDefault';
const NAME_STRATEGIES = ['none', 'tagPrefix', 'imageSuffix'];

const properties: INodeProperties[] = [
	managedWorkspaceLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the other settings stay as they are',
		options: [
			{
				displayName: 'Container Repository',
				name: 'containerRepository',
				type: 'string',
				default: '',
				placeholder: 'cr.seqera.io/acme/studios',
				description: "Where Wave pushes the images it builds for the workspace's Studios; empty uses the platform's default",
			},
			{
				displayName: 'Lifespan (Hours)',
				name: 'lifespanHours',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 8,
				description: 'How long a Studio may run before the platform stops it; 0 for no limit',
			},
			{
				displayName: 'Name Strategy',
				name: 'nameStrategy',
				type: 'options',
				options: [
					{ name: 'Image Suffix', value: 'imageSuffix' },
					{ name: 'None', value: 'none' },
					{ name: "Platform's Default", value: PLATFORM_DEFAULT },
					{ name: 'Tag Prefix', value: 'tagPrefix' },
				],
				default: PLATFORM_DEFAULT,
				description: "How Wave names the Studios' container images",
			},
			{
				displayName: 'Private by Default',
				name: 'privateStudioByDefault',
				type: 'boolean',
				default: false,
				description: 'Whether a new Studio is seen only by whoever creates it',
			},
		],
	},
];

const displayOptions = { show: { resource: ['workspace'], operation: ['updateStudiosSettings'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function nameStrategyOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string | null {
	const strategy = String(value ?? '').trim();
	if (strategy === PLATFORM_DEFAULT) return null;
	if (!NAME_STRATEGIES.includes(strategy)) {
		throw new NodeOperationError(context.getNode(), `Name Strategy "${describeValue(value)}" is not one the platform knows`, {
			itemIndex,
			description: `Pick ${NAME_STRATEGIES.join(', ')} or ${PLATFORM_DEFAULT} (item ${itemIndex}).`,
		});
	}
	return strategy;
}

/** The changes of Update Fields, checked before any call. */
function changesOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = context.getNode();
	const fields = updateFieldsOf(context, itemIndex);
	const changes: IDataObject = {};
	if ('containerRepository' in fields) changes.containerRepository = String(fields.containerRepository ?? '').trim() || null;
	if ('lifespanHours' in fields) changes.lifespanHours = requireCount(node, itemIndex, fields.lifespanHours, 'Lifespan (Hours)', 0);
	if ('nameStrategy' in fields) changes.nameStrategy = nameStrategyOf(context, itemIndex, fields.nameStrategy);
	if ('privateStudioByDefault' in fields) changes.privateStudioByDefault = fields.privateStudioByDefault === true;
	return changes;
}

/**
 * Reads the workspace's Studios settings, then sends them back with the changes laid over, as `tw workspaces settings
 * studios update` does: the platform replaces the settings an update leaves out. Outputs the settings sent.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const changes = changesOf(this, itemIndex);
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		const current = await studiosSettingsOf(this, itemIndex, scope);
		const settings: IDataObject = {
			containerRepository: current.containerRepository ?? null,
			lifespanHours: current.lifespanHours,
			nameStrategy: current.nameStrategy ?? null,
			privateStudioByDefault: current.privateStudioByDefault,
			...changes,
		};
		await apiRequest(this, { method: 'PUT', path: studiosSettingsPath(scope), body: settings, itemIndex });
		return { orgId: Number(scope.orgId), wspId: Number(scope.workspaceId), ...settings, updated: true };
	});
}
