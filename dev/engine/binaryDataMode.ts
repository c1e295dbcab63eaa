import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import { prepareN8nEnvironment } from './environment';

/**
 * Switches n8n's binary data to filesystem mode (as n8n runs by default), storing files below `folder`:
 * `prepareBinaryData` then writes a stream to disk as it is read instead of keeping the bytes in the
 * item. n8n reads the mode when its binary data settings are first built, so call this before the
 * first execution of the test file.
 */
export async function useFilesystemBinaryData(folder: string): Promise<BinaryDataService> {
	prepareN8nEnvironment();
	process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
	process.env.N8N_BINARY_DATA_STORAGE_PATH = folder;
	const service = Container.get(BinaryDataService);
	await service.init();
	return service;
}
