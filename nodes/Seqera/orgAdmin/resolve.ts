/**
 * Finding the organization, workspace, member, team member or participant an operation acts on. An email
 * is matched exactly (any case) against what the platform lists, so a partial match never picks someone
 * else; an ID is taken as it is.
 */
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { locatorOf } from '../helpers/parameters';
import { workspaceIdFor } from '../names/workspaceId';
import { requireNumericId, requireText } from '../helpers/validate';
import { describeValue } from '../text/describeValue';
import { idNamed, type NamedEntry } from '../names/byName';
import { workspaceMemberships } from '../names/workspaces';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { apiRequest, type SeqeraFunctions } from '../transport';

/** The organization picked in the Organization field, checked before any call. */
export function organizationIdFor(context: SeqeraFunctions, itemIndex = 0): string {
	return requireNumericId(context.getNode(), itemIndex, locatorOf(context, 'organization', itemIndex).value, 'Organization');
}

/** The most entries an error suggests when a search by the name found none. */
const SUGGESTIONS_MAX = 100;

/** The entries of an organization list the platform's search finds (`search` undefined: the first ones, for suggestions). */
async function searchedEntries(
	context: SeqeraFunctions,
	itemIndex: number,
	list: PeopleList,
	search: string | undefined,
): Promise<IDataObject[]> {
	return await apiRequestPages<IDataObject>(
		context,
		{ method: 'GET', path: list.path, query: { search }, limit: search === undefined ? SUGGESTIONS_MAX : undefined, itemIndex },
		pagesCountedByTotal(list.listName),
	);
}

/** The members of an organization, identified by `memberId`. */
export function membersOf(orgId: string): PeopleList {
	return { path: ['orgs', orgId, 'members'], listName: 'members', idField: 'memberId' };
}

/** The teams of an organization, identified by `teamId`. */
function teamsOf(orgId: string): PeopleList {
	return { path: ['orgs', orgId, 'teams'], listName: 'teams', idField: 'teamId' };
}

/** Where an Overwrite looks a name up: the user's organizations, or an organization's workspaces or teams. */
export interface OrganizationList extends PeopleList {
	/** Narrowed by the platform's search and paged; otherwise one answer holds the whole list. */
	searched?: boolean;
}

export const ORGANIZATIONS: OrganizationList = { path: ['orgs'], listName: 'organizations', idField: 'orgId' };

export function workspacesOf(orgId: string): OrganizationList {
	return { path: ['orgs', orgId, 'workspaces'], listName: 'workspaces', idField: 'id' };
}

export function searchedTeamsOf(orgId: string): OrganizationList {
	return { ...teamsOf(orgId), searched: true };
}

/**
 * The IDs of the entries of `list` named exactly `name`, read afresh rather than from a lookup kept for the execution:
 * what an Overwrite deletes, which an earlier item of the execution may have just created.
 */
export async function currentIdsNamedIn(
	context: SeqeraFunctions,
	itemIndex: number,
	list: OrganizationList,
	name: string,
): Promise<string[]> {
	const listed = async (): Promise<IDataObject[]> => {
		if (list.searched) return await searchedEntries(context, itemIndex, list, name);
		const answer = await apiRequest<IDataObject>(context, { method: 'GET', path: list.path, itemIndex });
		return (answer[list.listName] as IDataObject[] | undefined) ?? [];
	};
	return (await listed()).filter((entry) => entry.name === name).map((entry) => String(entry[list.idField]));
}

/**
 * The team picked in the Team field of the organization `orgId`. By Name, the one team of that exact
 * name, case included, as tower-cli's `teams` commands find it (`findTeamByName`), its list narrowed by
 * the platform's search. Editor lists (searching a team's members) read it too.
 */
export async function teamIdFor(context: SeqeraFunctions, itemIndex: number, orgId: string): Promise<string> {
	const { mode, value } = locatorOf(context, 'team', itemIndex);
	if (mode !== 'name') return requireNumericId(context.getNode(), itemIndex, value, 'Team');
	const teams = teamsOf(orgId);
	const named = async (search: string | undefined): Promise<NamedEntry[]> =>
		(await searchedEntries(context, itemIndex, teams, search)).map((team) => ({
			name: String(team.name ?? ''),
			id: String(team.teamId ?? ''),
		}));
	return await idNamed(
		context,
		itemIndex,
		{
			field: 'Team',
			entries: 'teams',
			key: teams.path.join('/'),
			searched: true,
			list: named,
			suggestions: async () => await named(undefined),
		},
		String(value ?? ''),
	);
}

/**
 * The one person of `list` with this user name (exactly) or email (any case), as tower-cli's `members`
 * commands find a member by the platform's search for it; none, or more than one, fails naming the field.
 */
async function personIdNamed(
	context: SeqeraFunctions,
	itemIndex: number,
	list: PeopleList,
	field: string,
	userNameOrEmail: string,
): Promise<string> {
	const named = async (search: string | undefined): Promise<NamedEntry[]> =>
		(await searchedEntries(context, itemIndex, list, search)).map((person) => ({
			// The entry stands under the name it was asked by, its email matched in any case.
			name: search !== undefined && isPerson(person, search) ? search.trim() : String(person.userName ?? ''),
			id: String(person[list.idField] ?? ''),
		}));
	return await idNamed(
		context,
		itemIndex,
		{
			field,
			entries: 'user names',
			key: list.path.join('/'),
			searched: true,
			list: named,
			suggestions: async () => await named(undefined),
		},
		userNameOrEmail,
	);
}

/** Where participants are managed: an organization workspace and its organization. */
export interface ParticipantScope {
	orgId: string;
	workspaceId: string;
}

/** The organization of a workspace, as the platform lists it among the token user's workspaces (as the Workspace list does). */
async function organizationOfWorkspace(context: SeqeraFunctions, workspaceId: string, itemIndex: number): Promise<string> {
	const entry = (await workspaceMemberships(context, itemIndex)).find((each) => String(each.workspaceId) === workspaceId);
	if (entry) return String(entry.orgId);
	throw new NodeOperationError(context.getNode(), `Workspace ${workspaceId} is not one of your organization workspaces`, {
		itemIndex,
		description:
			`Pick the workspace from the list, or check its ID (item ${itemIndex}). Participants and workspaces are managed in the ` +
			`organization workspaces the token's user takes part in.`,
	});
}

/**
 * The workspace of the Workspace field (else the credential's default) and its organization. `organizations`
 * keeps each workspace's answer for the run of the node, so many items cost the lookup once.
 */
export async function participantScopeFor(
	context: SeqeraFunctions,
	itemIndex: number,
	organizations: Map<string, Promise<string>> = new Map(),
): Promise<ParticipantScope> {
	const workspaceId = await workspaceIdFor(context, itemIndex);
	if (workspaceId === undefined) {
		throw new NodeOperationError(context.getNode(), 'Workspace is empty', {
			itemIndex,
			description:
				`Pick an organization workspace, or set a Default Workspace ID in the credential (item ${itemIndex}). The personal ` +
				`workspace has no participants.`,
		});
	}
	let orgId = organizations.get(workspaceId);
	if (!orgId) {
		orgId = organizationOfWorkspace(context, workspaceId, itemIndex);
		organizations.set(workspaceId, orgId);
	}
	return { orgId: await orgId, workspaceId };
}

/**
 * The organization workspace a Workspace operation manages, and its organization. The Workspace field must name it:
 * deleting or changing the credential's default workspace because a field was left empty would surprise anyone.
 */
export async function managedWorkspaceFor(
	context: SeqeraFunctions,
	itemIndex: number,
	organizations?: Map<string, Promise<string>>,
): Promise<ParticipantScope> {
	requireText(context.getNode(), itemIndex, 'Workspace', locatorOf(context, 'workspace', itemIndex).value);
	return await participantScopeFor(context, itemIndex, organizations);
}

/** A list of the platform (`members`, `participants`) and how its entries are identified. */
export interface PeopleList {
	path: Array<string | number>;
	listName: string;
	idField: string;
}

/** Every entry of a list the platform's search narrows to `search`, then those `matches` accepts. */
export async function findInList(
	context: IExecuteFunctions,
	list: PeopleList,
	search: string,
	itemIndex: number,
	matches: (entry: IDataObject) => boolean,
): Promise<IDataObject[]> {
	const entries = await apiRequestPages<IDataObject>(
		context,
		{ method: 'GET', path: list.path, query: { search }, itemIndex },
		pagesCountedByTotal(list.listName),
	);
	return entries.filter(matches);
}

/** Whether an entry is the person with this email (any case) or this user name (exactly). */
export function isPerson(entry: IDataObject, userNameOrEmail: string): boolean {
	const wanted = userNameOrEmail.trim();
	return String(entry.email ?? '').toLowerCase() === wanted.toLowerCase() || entry.userName === wanted;
}

/**
 * The ID a locator (`parameterName`) names in a list: From List and ID give it; By Email finds the one
 * entry with that exact email, and fails naming the field when there is none.
 */
export async function idFromLocator(
	context: IExecuteFunctions,
	itemIndex: number,
	parameterName: string,
	field: string,
	list: PeopleList,
): Promise<{ id: string; entry?: IDataObject }> {
	const node = context.getNode();
	const { mode, value } = locatorOf(context, parameterName, itemIndex);
	if (mode === 'name') return { id: await personIdNamed(context, itemIndex, list, field, String(value ?? '')) };
	if (mode !== 'email') return { id: requireNumericId(node, itemIndex, value, field) };
	const email = requireText(node, itemIndex, field, value);
	const [entry] = await findInList(
		context,
		list,
		email,
		itemIndex,
		(candidate) => String(candidate.email ?? '').toLowerCase() === email.toLowerCase(),
	);
	if (!entry) {
		throw new NodeOperationError(node, `${field} "${describeValue(email)}" was not found`, {
			itemIndex,
			description: `Nobody in this list has that exact email address (item ${itemIndex}). Check the address, or pick from the list.`,
		});
	}
	return { id: String(entry[list.idField]), entry };
}

/**
 * Whether the platform refused an addition with 400 or 409: it may mean the person or team is there
 * already, which the caller then checks by listing, instead of failing an onboarding run that is repeated.
 */
function isRefusedAddition(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && (error.httpCode === '409' || error.httpCode === '400');
}

/**
 * Sends an addition. When the platform refuses it and `findExisting` finds the person or team there
 * already, that entry comes back with `already: true`; otherwise the platform's error stands.
 */
export async function addedOrExisting(
	add: () => Promise<IDataObject>,
	findExisting: () => Promise<IDataObject | undefined>,
): Promise<{ entry: IDataObject; already: boolean }> {
	try {
		return { entry: await add(), already: false };
	} catch (error) {
		const existing = isRefusedAddition(error) ? await findExisting() : undefined;
		// Already the transport's NodeApiError (or a cancellation); wrapping would hide its HTTP code
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		if (!existing) throw error;
		return { entry: existing, already: true };
	}
}

/** Get Many of a list that reports `totalSize`: the item's Search, then Return All or Limit. */
export async function searchedList(
	context: IExecuteFunctions,
	itemIndex: number,
	list: Pick<PeopleList, 'path' | 'listName'>,
): Promise<IDataObject[]> {
	const returnAll = context.getNodeParameter('returnAll', itemIndex) as boolean;
	return await apiRequestPages<IDataObject>(
		context,
		{
			method: 'GET',
			path: list.path,
			query: { search: (context.getNodeParameter('search', itemIndex, '') as string).trim() },
			limit: returnAll ? undefined : (context.getNodeParameter('limit', itemIndex) as number),
			itemIndex,
		},
		pagesCountedByTotal(list.listName),
	);
}
