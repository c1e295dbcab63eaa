/**
 * Reading query and path values the way the platform does: malformed values
 * are a 400 with a message, references to things the user cannot see a bare 403.
 */
import { badRequest, forbidden, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import type { WorkspaceRef } from './model';

const INTEGER = /^-?\d+$/;

/** List endpoints serve 50 items unless told otherwise, and never more than 100. */
export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;

/** `workspaceId` absent means the user's personal workspace. */
export function workspaceOf(request: ApiRequest, data: SimulatorData): WorkspaceRef {
	const raw = request.query.workspaceId;
	if (raw === undefined) return null;
	if (!INTEGER.test(raw)) throw badRequest(`Invalid workspaceId value '${raw}' - it must be a number`);
	const workspace = data.workspaceById(Number(raw));
	if (!workspace) throw forbidden();
	return workspace.id;
}

/**
 * The workspace a pipeline shared from another workspace comes from (`sourceWorkspaceId`), which must
 * share the organization of the workspace the request names; null when not given.
 */
export function sourceWorkspaceOf(request: ApiRequest, data: SimulatorData): WorkspaceRef {
	const raw = request.query.sourceWorkspaceId;
	if (raw === undefined) return null;
	if (!INTEGER.test(raw)) throw badRequest(`Invalid sourceWorkspaceId value '${raw}' - it must be a number`);
	const source = data.workspaceById(Number(raw));
	const workspace = workspaceOf(request, data);
	if (!source || workspace === null || data.orgOf(source.id)?.id !== data.orgOf(workspace)?.id) throw forbidden();
	return source.id;
}

export function integerParam(
	request: ApiRequest,
	name: string,
	fallback: number,
	{ min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
	const raw = request.query[name];
	if (raw === undefined || raw === '') return fallback;
	if (!INTEGER.test(raw)) throw badRequest(`Invalid ${name} value '${raw}' - it must be an integer`);
	const value = Number(raw);
	if (value < min) throw badRequest(`Invalid ${name} value '${raw}' - it must be at least ${min}`);
	// Page sizes above the cap are served as the cap, not refused.
	return Math.min(value, max);
}

export function booleanParam(request: ApiRequest, name: string): boolean {
	const raw = request.query[name];
	if (raw === undefined || raw === '' || raw === 'false') return false;
	if (raw === 'true') return true;
	throw badRequest(`Invalid ${name} value '${raw}' - it must be true or false`);
}

/** `attributes=labels,optimized` (explode:false, so comma-joined). */
export function attributesParam(request: ApiRequest, allowed: readonly string[]): Set<string> {
	const raw = request.query.attributes;
	const values = raw
		? raw
				.split(',')
				.map((v) => v.trim())
				.filter((v) => v !== '')
		: [];
	const unknown = values.filter((v) => !allowed.includes(v));
	if (unknown.length > 0) {
		throw badRequest(`Invalid attributes value '${unknown.join(',')}' - allowed: ${allowed.join(', ')}`);
	}
	return new Set(values);
}

export function enumParam<T extends string>(request: ApiRequest, name: string, allowed: readonly T[], fallback: T): T {
	const raw = request.query[name];
	if (raw === undefined || raw === '') return fallback;
	const found = allowed.find((v) => v.toLowerCase() === raw.toLowerCase());
	if (!found) throw badRequest(`Invalid ${name} value '${raw}' - allowed: ${allowed.join(', ')}`);
	return found;
}

/** Numeric path ids: a non-number is malformed (400), an unknown number is simply not yours (403). */
export function numericPathParam(request: ApiRequest, name: string): number {
	const raw = request.pathParams[name];
	if (!INTEGER.test(raw)) throw badRequest(`Invalid ${name} value '${raw}' - it must be a number`);
	return Number(raw);
}

export function pageOf<T>(items: readonly T[], offset: number, max: number): T[] {
	return items.slice(offset, offset + max);
}
