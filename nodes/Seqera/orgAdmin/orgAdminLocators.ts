import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { byId, byName, fromList, locator } from '../fields/locatorBuilders';
import { workspaceLocator } from '../fields/sharedLocators';

/** What an email typed into a locator must look like; the platform knows people by the address, whatever its case. */
export const EMAIL_SOURCE = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

/** ID: a numeric ID of the organization's people, teams or participants. */
function numericId(placeholder: string, what: string, hint?: string): INodePropertyMode {
	return byId({ placeholder, hint, check: { kind: 'numeric', errorMessage: `${what} is a number` } });
}

// A locator mode has no default; the rule spares modes only where they are written under `modes:`
// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
const emailMode: INodePropertyMode = {
	displayName: 'By Email',
	name: 'email',
	type: 'string',
	placeholder: 'jane.doe@example.com',
	hint: 'The exact email address; nobody else is ever picked for a partial match',
	validation: [
		{ type: 'regex', properties: { regex: EMAIL_SOURCE, errorMessage: 'Enter an email address such as jane.doe@example.com' } },
	],
};

/** By Name: a person's user name, or their email, as tower-cli's `members` commands take either. */
const userNameMode: INodePropertyMode = byName({ placeholder: 'jane-doe', hint: 'The exact user name, or the email in any case' });

const MEMBER_ID_HINT = 'The member ID (memberId), not the user ID';

export const organizationLocator: INodeProperties = locator({ displayName: 'Organization', name: 'organization', required: true }, [
	fromList('searchOrganizations'),
	numericId('215386097437409', 'An organization ID'),
]);

export const memberLocator: INodeProperties = locator(
	{ displayName: 'Member', name: 'member', required: true, description: 'A member of the organization' },
	[fromList('searchOrganizationMembers'), numericId('52031', 'A member ID', MEMBER_ID_HINT), emailMode, userNameMode],
);

export const teamLocator: INodeProperties = locator(
	{ displayName: 'Team', name: 'team', required: true, description: 'A team of the organization' },
	[fromList('searchTeams'), numericId('277140351402171', 'A team ID'), byName({ placeholder: 'bioinformatics' })],
);

export const teamMemberLocator: INodeProperties = locator(
	{ displayName: 'Team Member', name: 'teamMember', required: true, description: 'A member of the team' },
	[fromList('searchTeamMembers'), numericId('52031', 'A member ID', MEMBER_ID_HINT), emailMode, userNameMode],
);

/** Participants are managed in organization workspaces only; the personal workspace has none. */
export const participantWorkspaceLocator: INodeProperties = {
	...workspaceLocator,
	description: "An organization workspace; leave empty to use the credential's default workspace",
};

export const participantLocator: INodeProperties = locator(
	{
		displayName: 'Participant',
		name: 'participant',
		required: true,
		description: 'A member, collaborator or team taking part in the workspace',
	},
	[
		fromList('searchWorkspaceParticipants'),
		numericId('180377012345672', 'A participant ID', 'The participant ID (participantId), not the member or user ID'),
		emailMode,
	],
);

/** The organization workspace a Workspace operation acts on: always named, never the credential's default. */
export const managedWorkspaceLocator: INodeProperties = {
	...workspaceLocator,
	required: true,
	description: 'An organization workspace you take part in',
};
