/**
 * n8n's two lint plugins for community packages:
 * - eslint-plugin-n8n-nodes-base: package.json, credentials and nodes each get their rule set;
 * - @n8n/eslint-plugin-community-nodes: its recommended config, over all of them.
 * Exceptions to the second are disabled where they apply, with the reason; CONTRIBUTING.md (Lint) lists them.
 */
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import tsParser from '@typescript-eslint/parser';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

export default [
	{ ignores: ['**/node_modules/**', '**/dist/**', '**/*.js'] },
	{
		files: ['**/*.ts'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { project: ['./tsconfig.json'], sourceType: 'module' },
		},
	},
	{
		// Both plugins read package.json as a JavaScript object expression.
		files: ['package.json'],
		languageOptions: {
			parser: tsParser,
			parserOptions: { extraFileExtensions: ['.json'] },
		},
	},
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['package.json'],
		rules: {
			...n8nNodesBase.configs.community.rules,
			'n8n-nodes-base/community-package-json-name-still-default': 'off',
		},
	},
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			// The rule expects a slug of n8n's own docs; a community package links to the platform's docs.
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			// These want the string 'main'; @n8n/community-nodes/node-connection-type-literal wants
			// NodeConnectionTypes.Main. n8n's own node CLI turns these two off for the same reason.
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
		},
	},
	{
		// One file per operation keeps the description apart from the node class, as n8n's own versioned nodes do.
		files: ['nodes/**/actions/versionDescription.ts'],
		rules: { 'n8n-nodes-base/node-filename-against-convention': 'off' },
	},
	n8nCommunityNodesPlugin.configs.recommended,
	{
		// package.json cannot hold a disable comment. The package is self-hosted and unverified on purpose:
		// ioredis, yaml and ajv are its runtime dependencies (README.md, Installation).
		files: ['package.json'],
		rules: { '@n8n/community-nodes/no-runtime-dependencies': 'off' },
	},
];
