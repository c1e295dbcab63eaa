/** n8n's own lint rules for community packages: package.json, credentials and nodes each get their set. */
module.exports = {
	root: true,
	env: { es2022: true, node: true },
	parser: '@typescript-eslint/parser',
	parserOptions: {
		project: ['./tsconfig.json'],
		sourceType: 'module',
		extraFileExtensions: ['.json'],
	},
	ignorePatterns: ['.eslintrc.js', '**/*.js', '**/node_modules/**', '**/dist/**'],
	overrides: [
		{
			files: ['package.json'],
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/community'],
			parser: 'jsonc-eslint-parser',
			rules: { 'n8n-nodes-base/community-package-json-name-still-default': 'off' },
		},
		{
			files: ['./credentials/**/*.ts'],
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/credentials'],
			// The rule expects a slug of n8n's own docs; a community package links to the platform's docs.
			rules: { 'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off' },
		},
		{
			files: ['./nodes/**/*.ts'],
			plugins: ['eslint-plugin-n8n-nodes-base'],
			extends: ['plugin:n8n-nodes-base/nodes'],
		},
		{
			// One file per operation keeps the description apart from the node class, as n8n's own versioned nodes do.
			files: ['./nodes/**/actions/versionDescription.ts'],
			rules: { 'n8n-nodes-base/node-filename-against-convention': 'off' },
		},
	],
};
