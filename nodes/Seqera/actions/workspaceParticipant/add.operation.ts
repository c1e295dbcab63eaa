import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import { personField, workspaceRoleField } from '../../orgAdmin/fields';
import { memberLocator, participantWorkspaceLocator, teamLocator } from '../../orgAdmin/orgAdminLocators';
import { addedOrExisting, findInList, idFromLocator, isPerson, membersOf, teamIdFor } from '../../orgAdmin/resolve';
import { requireWorkspaceRole } from '../../orgAdmin/roles';
import { apiRequest } from '../../transport';
import { forEachParticipantItem, participantsOf, withScope } from './participants';

const properties: INodeProperties[] = [
	participantWorkspaceLocator,
	{
		displayName: 'Add',
		name: 'addBy',
		type: 'options',
		default: 'email',
		options: [
			{ name: 'Person by Email', value: 'email', description: 'Someone outside the organization joins it as a collaborator' },
			{ name: 'Organization Member', value: 'member' },
			{ name: 'Team', value: 'team', description: 'Every member of the team takes part with its role' },
		],
	},
	{
		...personField('Email address of the person; the user name of someone already on the platform works too'),
		displayOptions: { show: { addBy: ['email'] } },
	},
	{
		...memberLocator,
		modes: (memberLocator.modes ?? []).filter((mode) => mode.name !== 'email'),
		description: "A member of the workspace's organization",
		displayOptions: { show: { addBy: ['member'] } },
	},
	{ ...teamLocator, description: "A team of the workspace's organization", displayOptions: { show: { addBy: ['team'] } } },
	workspaceRoleField('The role in the workspace'),
	{
		displayName: 'If Already a Participant',
		name: 'ifAlreadyParticipant',
		type: 'options',
		default: 'keepRole',
		options: [
			{
				name: 'Keep Their Role',
				value: 'keepRole',
				description: 'Output the participant as they are; an owner is never demoted by a repeated onboarding',
			},
			{ name: 'Set the Role', value: 'setRole', description: 'Give them the role above' },
		],
	},
];

const displayOptions = { show: { resource: ['workspaceParticipant'], operation: ['add'] } };

export const description = updateDisplayOptions(displayOptions, properties);

type AddRequest = { body: IDataObject; search: string; isSame: (participant: IDataObject) => boolean; who: string };

async function addRequestFor(context: IExecuteFunctions, itemIndex: number, orgId: string): Promise<AddRequest> {
	const node = context.getNode();
	const addBy = context.getNodeParameter('addBy', itemIndex) as string;
	if (addBy === 'member') {
		const memberId = Number((await idFromLocator(context, itemIndex, 'member', 'Member', membersOf(orgId))).id);
		return { body: { memberId }, search: '', isSame: (participant) => participant.memberId === memberId, who: `member ${memberId}` };
	}
	if (addBy === 'team') {
		const teamId = Number(await teamIdFor(context, itemIndex, orgId));
		return { body: { teamId }, search: '', isSame: (participant) => participant.teamId === teamId, who: `team ${teamId}` };
	}
	const userNameOrEmail = requireText(node, itemIndex, 'Email', context.getNodeParameter('email', itemIndex));
	return {
		body: { userNameOrEmail },
		search: userNameOrEmail,
		isSame: (participant) => isPerson(participant, userNameOrEmail),
		who: `"${describeValue(userNameOrEmail)}"`,
	};
}

/**
 * Adds a person, a member or a team to the workspace, then gives them the role (the platform adds
 * participants with its default role). The platform refuses whoever takes part already (409); the item
 * then outputs that participant with `alreadyParticipant: true`, keeping their role unless told otherwise.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachParticipantItem(this, async (itemIndex, scope) => {
		const role = await requireWorkspaceRole(this, itemIndex, scope.orgId, this.getNodeParameter('role', itemIndex), 'Role');
		const request = await addRequestFor(this, itemIndex, scope.orgId);
		const list = participantsOf(scope);
		const listed = async () => (await findInList(this, list, request.search, itemIndex, request.isSame))[0];
		const { entry, already: alreadyParticipant } = await addedOrExisting(async () => {
			const added = await apiRequest<{ participant?: IDataObject }>(this, {
				method: 'PUT',
				path: [...list.path, 'add'],
				body: request.body,
				itemIndex,
			});
			// The contract lets the answer leave the participant out ({}): read them from the list, as Get Many does.
			return added.participant ?? (await listed()) ?? {};
		}, listed);
		let participant = entry;
		const setRole = !alreadyParticipant || this.getNodeParameter('ifAlreadyParticipant', itemIndex) === 'setRole';
		if (setRole && participant.wspRole !== role) {
			const participantId = participant.participantId;
			if ((typeof participantId !== 'number' && typeof participantId !== 'string') || String(participantId) === '') {
				throw new NodeOperationError(
					this.getNode(),
					`The platform added ${request.who} to the workspace but did not say as which participant`,
					{
						itemIndex,
						description:
							`Neither its answer nor the workspace's participant list names them, so the Role was not set. Check the ` +
							`workspace's participants in the web app, or run the node again: they then count as already a participant ` +
							`(item ${itemIndex}).`,
					},
				);
			}
			await apiRequest(this, { method: 'PUT', path: [...list.path, String(participantId), 'role'], body: { role }, itemIndex });
			participant = { ...participant, wspRole: role };
		}
		return withScope(scope, { ...participant, alreadyParticipant });
	});
}
