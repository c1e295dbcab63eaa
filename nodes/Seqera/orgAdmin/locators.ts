import type { INodeProperties, INodePropertyModeValidation } from 'n8n-workflow';

import { wholeIdSource } from '../helpers/idPatterns';
import { workspaceLocator } from '../actions/common.descriptions';

/** What an email typed into a locator must look like; the platform knows people by the address, whatever its case. */
export const EMAIL_SOURCE = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

function numericIdValidation(what: string): INodePropertyModeValidation[] {
	return [{ type: 'regex', properties: { regex: wholeIdSource('numeric'), errorMessage: `${what} is a number` } }];
}

const emailMode = {
	displayName: 'By Email',
	name: 'email',
	type: 'string' as const,
	placeholder: 'jane.doe@example.com',
	hint: 'The exact email address; nobody else is ever picked for a partial match',
	validation: [{ type: 'regex' as const, properties: { regex: EMAIL_SOURCE, errorMessage: 'Enter an email address such as jane.doe@example.com' } }],
};

export const organizationLocator: INodeProperties = {
	displayName: 'Organization',
	name: 'organization',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchOrganizations', searchable: true } },
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: '215386097437409', validation: numericIdValidation('An organization ID') },
	],
};

export const memberLocator: INodeProperties = {
	displayName: 'Member',
	name: 'member',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A member of the organization',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchOrganizationMembers', searchable: true } },
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: '52031', hint: 'The member ID (memberId), not the user ID', validation: numericIdValidation('A member ID') },
		emailMode,
	],
};

export const teamLocator: INodeProperties = {
	displayName: 'Team',
	name: 'team',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A team of the organization',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchTeams', searchable: true } },
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: '277140351402171', validation: numericIdValidation('A team ID') },
	],
};

export const teamMemberLocator: INodeProperties = {
	displayName: 'Team Member',
	name: 'teamMember',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A member of the team',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchTeamMembers', searchable: true } },
		{ displayName: 'ID', name: 'id', type: 'string', placeholder: '52031', hint: 'The member ID (memberId), not the user ID', validation: numericIdValidation('A member ID') },
		emailMode,
	],
};

/** Participants are managed in organization workspaces only; the personal workspace has none. */
export const participantWorkspaceLocator: INodeProperties = {
	...workspaceLocator,
	description: "An organization workspace; leave empty to use the credential's default workspace",
};

export const participantLocator: INodeProperties = {
	displayName: 'Participant',
	name: 'participant',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A member, collaborator or team taking part in the workspace',
	modes: [
		{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchWorkspaceParticipants', searchable: true } },
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '180377012345672',
			hint: 'The participant ID (participantId), not the member or user ID',
			validation: numericIdValidation('A participant ID'),
		},
		emailMode,
	],
};
