/**
 * The workspace roles an organization offers, as the contract's `roles` tag serves them: the six predefined
 * roles of every organization, then the organization's own custom roles.
 */
import { ApiError, badRequest, json, withErrorId, type ApiRequest } from './apiTypes';
import { WORKSPACE_ROLES, orgAdminOf, type OrgAdminStore, type SimCustomRole } from './orgAdmin';
import { DEFAULT_PAGE, MAX_PAGE, integerParam, pageOf } from './params';
import { route, type Route } from './router';

const PREDEFINED_DESCRIPTIONS: Record<(typeof WORKSPACE_ROLES)[number], string> = {
	owner: 'Full permissions on any resources within the workspace',
	admin: 'Manages the workspace, its participants, credentials and compute environments',
	maintain: 'Launches and edits pipelines, compute environments and actions',
	launch: 'Launches pipelines and sees all runs',
	connect: 'Launches pipelines and connects to running Studios',
	view: 'Sees runs and pipelines, read only',
};

const ROLE_TYPES = ['predefined', 'custom'] as const;

interface RoleEntry {
	name: string;
	description: string;
	isPredefined: boolean;
	permissions: string[];
}

const predefinedRoles = (): RoleEntry[] =>
	WORKSPACE_ROLES.map((name) => ({ name, description: PREDEFINED_DESCRIPTIONS[name], isPredefined: true, permissions: [] }));

const customRole = (role: SimCustomRole): RoleEntry => ({ ...role, isPredefined: false });

/** The roles of the `orgId` organization (which the caller must belong to); without one, only the predefined roles. */
function rolesOf(request: ApiRequest, store: OrgAdminStore, callerId: number): RoleEntry[] {
	const raw = request.query.orgId;
	if (raw === undefined || raw === '') return predefinedRoles();
	if (!/^\d+$/.test(raw)) throw badRequest(`Invalid orgId value '${raw}' - it must be an integer`);
	const orgId = store.orgFor(Number(raw), { write: false, callerId });
	const custom = store.customRolesOf(orgId).sort((a, b) => a.name.localeCompare(b.name));
	return [...predefinedRoles(), ...custom.map(customRole)];
}

export const roleRoutes: Route[] = [
	route('GET', '/roles', (request, { data, callerId }) => {
		const type = request.query.type;
		if (type !== undefined && type !== '' && !ROLE_TYPES.some((each) => each === type)) {
			throw badRequest(`Invalid type value '${type}' - allowed: ${ROLE_TYPES.join(', ')}`);
		}
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const name = (request.query.name ?? '').trim().toLowerCase();
		const matching = rolesOf(request, orgAdminOf(data), callerId).filter(
			(role) =>
				role.name.toLowerCase().includes(name) &&
				(type === undefined || type === '' || role.isPredefined === (type === 'predefined')),
		);
		const roles = pageOf(matching, offset, max).map(({ name, description, isPredefined }) => ({ name, description, isPredefined }));
		return json({ roles, totalSize: matching.length });
	}),
	route('GET', '/roles/{roleName}', (request, { data, callerId }) => {
		const role = rolesOf(request, orgAdminOf(data), callerId).find((each) => each.name === request.pathParams.roleName);
		if (!role) throw new ApiError(404, { message: withErrorId(`Role '${request.pathParams.roleName}' not found`) });
		return json({ role });
	}),
];
