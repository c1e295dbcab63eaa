/**
 * Jest resolver for `jest.n8n1.config.js`: resolves n8n's engine packages (`n8n-core`,
 * `n8n-workflow`, `@n8n/*`) from this folder's node_modules instead of the root's 2.x install when
 * our code asks for them (the node, the credential, the test harness). So the run loads one
 * n8n-workflow, the one n8n-core 1.x is built against, and the errors the node throws
 * (NodeApiError, NodeOperationError) pass the engine's `instanceof` checks; and one @n8n/di
 * Container, the one n8n-core 1.x builds its services in.
 *
 * The 1.x packages themselves resolve as Node would, so a nested copy npm laid out stays theirs.
 * Resolving the request (rather than a moduleNameMapper to a folder) keeps each package's
 * `exports`, e.g. `n8n-workflow/common`.
 */
const path = require('node:path');

const ENGINE_PACKAGE = /^(n8n-core|n8n-workflow|@n8n\/[^/]+)(\/|$)/;
const INSTALL = path.join(__dirname, 'node_modules') + path.sep;

module.exports = (request, options) =>
	options.defaultResolver(
		request,
		ENGINE_PACKAGE.test(request) && !options.basedir.startsWith(INSTALL) ? { ...options, basedir: __dirname } : options,
	);
