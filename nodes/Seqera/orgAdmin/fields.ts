import type { INodeProperties } from 'n8n-workflow';

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
