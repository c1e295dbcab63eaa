import type { PeopleList } from '../../orgAdmin/resolve';

/** The members of an organization, identified by `memberId`. */
export function membersOf(orgId: string): PeopleList {
	return { path: ['orgs', orgId, 'members'], listName: 'members', idField: 'memberId' };
}
