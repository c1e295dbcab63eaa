const base = require('./jest.config');

/**
 * `npm run test:n8n1`: the suites that run code through n8n (the engine harness, the node tests,
 * and the unit tests of code that imports n8n-workflow or n8n-core) again, against the n8n 1.x LTS
 * engine in compat/n8n-1.x. The simulator's own tests and the queue tests do not touch n8n, so they
 * run only in the main `jest` run, and so do the unit tests below, which load no n8n package at all:
 * on the 1.x engine they would run the very same code again.
 *
 * @type {import('jest').Config}
 */
const LOADING_NO_N8N = ['operationIndex', 'releaseCheck', 'search', 'timedAssertions', 'weblog'].map(
	(name) => `<rootDir>/test/unit/${name}\\.test\\.ts$`,
);

module.exports = {
	...base,
	roots: ['<rootDir>/test/engine', '<rootDir>/test/node', '<rootDir>/test/unit'],
	testPathIgnorePatterns: [...base.testPathIgnorePatterns, ...LOADING_NO_N8N],
	resolver: '<rootDir>/compat/n8n-1.x/resolver.js',
	setupFilesAfterEnv: ['<rootDir>/compat/n8n-1.x/jest.setup.js'],
};
