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

/** A participant's workspace role: the predefined roles and the custom roles of the workspace's organization. */
export function workspaceRoleField(description: string): INodeProperties {
	return {
		// Named as the platform and its web app name it; the values of the predefined roles are those saved workflows hold
		// eslint-disable-next-line n8n-nodes-base/node-param-display-name-wrong-for-dynamic-options
		displayName: 'Role',
		name: 'role',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getWorkspaceRoles', loadOptionsDependsOn: ['workspace.value'] },
		default: 'launch',
		// eslint-disable-next-line n8n-nodes-base/node-param-description-wrong-for-dynamic-options
		description: `${description}: a predefined role, or a custom role of the workspace's organization by its exact name`,
	};
}
