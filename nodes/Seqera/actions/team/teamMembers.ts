import type { PeopleList } from '../../orgAdmin/resolve';

/** The members of a team, identified by their organization `memberId`. */
export function teamMembersOf(orgId: string, teamId: string): PeopleList {
	return { path: ['orgs', orgId, 'teams', teamId, 'members'], listName: 'members', idField: 'memberId' };
}
