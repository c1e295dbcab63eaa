const base = require('./jest.config');

/**
 * `npm run test:n8n1`: the suites that run code through n8n (the engine harness, the node tests,
 * and the unit tests of code that imports n8n-workflow) again, against the n8n 1.x LTS engine in
 * compat/n8n-1.x. The simulator's own tests and the queue tests do not touch n8n, so they run only
 * in the main `jest` run.
 *
 * @type {import('jest').Config}
 */
module.exports = {
	...base,
	roots: ['<rootDir>/test/engine', '<rootDir>/test/node', '<rootDir>/test/unit'],
	resolver: '<rootDir>/compat/n8n-1.x/resolver.js',
	setupFilesAfterEnv: ['<rootDir>/compat/n8n-1.x/jest.setup.js'],
};
