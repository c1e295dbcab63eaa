/** @type {import('jest').Config} */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { diagnostics: false }],
	},
	testTimeout: 60000,
	// One process runs every suite, and each suite loads n8n afresh: the heap grows suite by suite until
	// its collections stall the event loop for hundreds of ms, which the timing tests of the rate
	// limiter then measure. A worker that holds more than this after a suite is replaced by a fresh one
	// (jest also uses a worker rather than its own process when this is set).
	workerIdleMemoryLimit: '1GB',
	// The test of the budget over a jittery simulated network failed in three clean-clone runs and passes
	// on its own: it runs alone, in a process of its own (`npm run test:network`).
	testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/node/network.test.ts'],
};
