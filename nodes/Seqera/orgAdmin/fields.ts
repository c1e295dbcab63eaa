import type { INodeProperties } from 'n8n-workflow';

/** The Search field of a people or team list; the platform matches it anywhere in the names and emails. */
export function searchField(matched: string): INodeProperties {
	return { displayName: 'Search', name: 'search', type: 'string', default: '', placeholder: 'jane', description: `Only ${matched} containing this text` };
}

/** The email (or user name) of the person an Add operation adds. */
export function personField(description: string): INodeProperties {
	return {
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'jane.doe@example.com',
		default: '',
		required: true,
		description,
	};
}
