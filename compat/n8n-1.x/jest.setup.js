/**
 * n8n-core 1.x's SSHClientsManager, which every node execution context asks the Container for,
 * starts a 60 s cleanup interval that it does not unref (2.x does), so jest never exits. Stop it
 * after each test file, as n8n's shutdown does. Each test file has its own module registry, so
 * its own Container and manager.
 */
const { Container } = require('@n8n/di');
const { SSHClientsManager } = require('n8n-core/dist/execution-engine/ssh-clients-manager');

afterAll(() => {
	if (Container.has(SSHClientsManager)) Container.get(SSHClientsManager).onShutdown();
});
