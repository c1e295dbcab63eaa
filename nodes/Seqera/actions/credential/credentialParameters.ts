import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { describeValue } from '../../text/describeValue';
import { providerNamed, shownKeysOf, type CredentialProvider } from './credentialProviders';

/** The Provider field's provider. */
export function providerOf(context: IExecuteFunctions, itemIndex: number): CredentialProvider {
	const value = String(context.getNodeParameter('provider', itemIndex));
	const provider = providerNamed(value);
	if (!provider) {
		throw new NodeOperationError(context.getNode(), `Provider "${describeValue(value)}" is not known`, {
			itemIndex,
			description: `Pick the provider from the list (item ${itemIndex}).`,
		});
	}
	return provider;
}

/**
 * Credentials as the node outputs them: what the platform shows of them, without their keys; with
 * `settings`, the key parts that are no secret nor half of a key pair (user and account names, a role, a registry).
 */
export function credentialOutput(credential: IDataObject, settings = false): IDataObject {
	const { keys, ...shown } = credential;
	if (!settings) return shown;
	const given = typeof keys === 'object' && keys !== null ? (keys as IDataObject) : {};
	const visible = shownKeysOf(String(credential.provider)).filter((key) => given[key] !== undefined && given[key] !== null);
	return { ...shown, settings: Object.fromEntries(visible.map((key) => [key, given[key]])) };
}
