/** Lists for the organization administration locators: organizations, members, teams, team members and participants. */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { organizationIdFor, participantScopeFor, teamIdFor } from '../orgAdmin/resolve';
import { apiRequest } from '../transport';

const PAGE_SIZE = 50;

/** One page of a list that reports `totalSize`; the pagination token is the offset of the page's first entry. */
async function page(
	context: ILoadOptionsFunctions,
	path: string[],
	listName: string,
	filter: string | undefined,
	paginationToken: string | undefined,
): Promise<{ entries: IDataObject[]; paginationToken?: string }> {
	const offset = Number(paginationToken ?? 0);
	const answer = await apiRequest<IDataObject>(context, { method: 'GET', path, query: { search: filter, max: PAGE_SIZE, offset } });
	const entries = (answer[listName] as IDataObject[] | undefined) ?? [];
	const more = typeof answer.totalSize === 'number' && offset + entries.length < answer.totalSize;
	return { entries, paginationToken: more ? String(offset + entries.length) : undefined };
}

/** The organization the list is for: the Organization field's, or, where participants are managed, the workspace's. */
async function organizationOfNode(context: ILoadOptionsFunctions): Promise<string> {
	if (context.getNodeParameter('resource', '') === 'workspaceParticipant') {
		return (await participantScopeFor(context, 0)).orgId;
	}
	return organizationIdFor(context);
}

/** "Jane Doe <jane@example.com>", or the email alone for someone invited who has not signed up. */
function personName(person: IDataObject): string {
	const name = [person.firstName, person.lastName].filter((part) => typeof part === 'string' && part !== '').join(' ');
	return name ? `${name} <${String(person.email)}>` : String(person.email ?? person.userName);
}

function peopleResults(entries: IDataObject[], idField: string, roleField: string): INodeListSearchResult['results'] {
	return entries.map((person) => ({
		name: personName(person),
		value: String(person[idField]),
		description: String(person[roleField] ?? ''),
	}));
}

/** The organizations of the token's user; the platform sends them all at once. */
export async function searchOrganizations(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { organizations = [] } = await apiRequest<{ organizations?: IDataObject[] }>(this, { method: 'GET', path: ['orgs'] });
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: organizations
			.filter((org) =>
				[org.name, org.fullName].some((text) =>
					String(text ?? '')
						.toLowerCase()
						.includes(wanted),
				),
			)
			.map((org) => ({
				name: `${String(org.fullName || org.name)} (${String(org.name)})`,
				value: String(org.orgId),
				description: `Your role: ${String(org.memberRole)}`,
			})),
	};
}

export async function searchOrganizationMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const orgId = await organizationOfNode(this);
	const found = await page(this, ['orgs', orgId, 'members'], 'members', filter, paginationToken);
	return { results: peopleResults(found.entries, 'memberId', 'role'), paginationToken: found.paginationToken };
}

export async function searchTeams(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const orgId = await organizationOfNode(this);
	const found = await page(this, ['orgs', orgId, 'teams'], 'teams', filter, paginationToken);
	return {
		results: found.entries.map((team) => ({
			name: String(team.name),
			value: String(team.teamId),
			description: `${String(team.membersCount ?? 0)} members`,
		})),
		paginationToken: found.paginationToken,
	};
}

export async function searchTeamMembers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const orgId = organizationIdFor(this);
	const found = await page(
		this,
		['orgs', orgId, 'teams', await teamIdFor(this, 0, orgId), 'members'],
		'members',
		filter,
		paginationToken,
	);
	return { results: peopleResults(found.entries, 'memberId', 'role'), paginationToken: found.paginationToken };
}

/** Teams show as "Team: name"; people as their name and email. */
export async function searchWorkspaceParticipants(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const { orgId, workspaceId } = await participantScopeFor(this, 0);
	const found = await page(this, ['orgs', orgId, 'workspaces', workspaceId, 'participants'], 'participants', filter, paginationToken);
	return {
		results: found.entries.map((participant) => ({
			name: participant.type === 'TEAM' ? `Team: ${String(participant.teamName)}` : personName(participant),
			value: String(participant.participantId),
			description: String(participant.wspRole ?? ''),
		})),
		paginationToken: found.paginationToken,
	};
}
