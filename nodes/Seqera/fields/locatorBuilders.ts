import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { idCharactersSource, wholeIdSource, type IdKind } from '../helpers/idPatterns';

/**
 * A resource locator: the field's name and label, then its modes in the order the editor shows them.
 * Every locator of the nodes is made here, from `fromList`, `byName`, `byId` and `byUrl` (and a few modes of
 * their own), so a pasted ID or URL is checked the same way wherever it is typed.
 */
export function locator(
	field: { displayName: string; name: string; required?: boolean; description?: string },
	modes: INodePropertyMode[],
): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		...(field.required ? { required: true } : {}),
		...(field.description === undefined ? {} : { description: field.description }),
		modes,
	};
}

/** From List: the search method of methods/listSearch.ts that lists the choices. */
export function fromList(searchListMethod: string): INodePropertyMode {
	// A locator mode has no default; the rule spares modes only where they are written under `modes:`
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return { displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod, searchable: true } };
}

/** By Name: the exact name, case included, looked up in the list From List shows (names/byName.ts). */
export function byName(name: { placeholder: string; hint?: string }): INodePropertyMode {
	// A locator mode has no default; the rule spares modes only where they are written under `modes:`
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return {
		displayName: 'By Name',
		name: 'name',
		type: 'string',
		placeholder: name.placeholder,
		hint: name.hint ?? 'The exact name, case included',
	};
}

/** ID: an ID typed or given by an expression; with `check`, the editor checks its characters and length. */
export function byId(id: { placeholder: string; hint?: string; check?: { kind: IdKind; errorMessage: string } }): INodePropertyMode {
	// A locator mode has no default; the rule spares modes only where they are written under `modes:`
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return {
		displayName: 'ID',
		name: 'id',
		type: 'string',
		placeholder: id.placeholder,
		...(id.hint === undefined ? {} : { hint: id.hint }),
		...(id.check === undefined
			? {}
			: {
					validation: [
						{
							type: 'regex' as const,
							properties: { regex: wholeIdSource(id.check.kind), errorMessage: id.check.errorMessage },
						},
					],
				}),
	};
}

/** By URL: a web app page's URL, whose ID is the path segment after `/<segment>/`. */
export function byUrl(url: { segment: string; kind: IdKind; placeholder: string; errorMessage: string }): INodePropertyMode {
	const id = idCharactersSource(url.kind);
	// A locator mode has no default; the rule spares modes only where they are written under `modes:`
	// eslint-disable-next-line n8n-nodes-base/node-param-default-missing
	return {
		displayName: 'By URL',
		name: 'url',
		type: 'string',
		placeholder: url.placeholder,
		extractValue: { type: 'regex', regex: `/${url.segment}/(${id})` },
		validation: [{ type: 'regex', properties: { regex: `.*/${url.segment}/${id}.*`, errorMessage: url.errorMessage } }],
	};
}
