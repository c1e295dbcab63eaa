import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentials,
	type IDataObject,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
} from 'n8n-workflow';

/**
 * How many times the engine decrypted each credential type since this module loaded (in Jest, within
 * one test file), so a test can tell how often a node reads its credential.
 */
export const credentialReads = new Map<string, number>();

/**
 * The credential store and authentication logic that n8n's cli provides to the engine, reduced to
 * what a test needs: decrypted data comes from the test (keyed by credential type), and the
 * credential type's own `authenticate` / `preAuthentication` definitions are applied the way the
 * cli's CredentialsHelper applies them.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	private readonly store: Record<string, ICredentialDataDecryptedObject>;

	constructor(
		private readonly credentialTypes: Record<string, ICredentialType>,
		credentials: Record<string, ICredentialDataDecryptedObject> = {},
	) {
		super();
		this.store = { ...credentials };
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		credentialReads.set(type, (credentialReads.get(type) ?? 0) + 1);
		const data = this.store[type];
		if (data === undefined) {
			throw new UnexpectedError(`Test gave no data for credential type "${type}" (node credential "${nodeCredentials.name}")`);
		}
		return this.withDefaults(type, data);
	}

	/** Like n8n, fill top-level fields the data leaves out with the credential properties' defaults. */
	withDefaults(type: string, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
		const result: ICredentialDataDecryptedObject = {};
		for (const property of this.getCredentialsProperties(type)) {
			if (property.default !== undefined && property.default !== null) {
				result[property.name] = property.default as ICredentialDataDecryptedObject[string];
			}
		}
		return { ...result, ...data };
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const credentials = new Credentials(nodeCredentials, type);
		// setData is async from n8n-core 2.x on and synchronous before; awaiting covers both.
		await credentials.setData(this.store[type] ?? {});
		return credentials;
	}

	async updateCredentials(_nodeCredentials: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject): Promise<void> {
		this.store[type] = data;
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store[type] = { ...this.store[type], ...data };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.getType(typeName);
		const options = requestOptions as IHttpRequestOptions;
		if (authenticate === undefined) return options;
		if (typeof authenticate === 'function') return await authenticate(credentials, options);
		if (authenticate.type !== 'generic') return options;
		if (!workflow || !node) {
			throw new UnexpectedError('Generic credential authentication needs the workflow and node');
		}

		// { headers: { Authorization: '=Bearer {{$credentials.token}}' }, qs: {...}, ... }: resolve
		// keys and values with the workflow's expression engine, as the cli does, and merge them in.
		const resolve = (value: string): string =>
			String(
				workflow.expression.getSimpleParameterValue(node, value, 'internal', { $credentials: credentials }, undefined, '') ?? '',
			);
		const target = options as unknown as Record<string, IDataObject | undefined>;
		for (const [section, entries] of Object.entries(authenticate.properties)) {
			const merged: IDataObject = { ...target[section] };
			for (const [key, value] of Object.entries(entries as Record<string, string>)) {
				merged[resolve(key)] = resolve(value);
			}
			target[section] = merged;
		}
		return options;
	}

	/**
	 * Mirrors the cli: a type's `preAuthentication` runs only when it has an expirable hidden
	 * property that is still empty (or the server just answered 401), and its result is stored.
	 */
	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const credentialType = this.getType(typeName);
		const expirable = credentialType.properties.find(
			(property) => property.type === 'hidden' && property.typeOptions?.expirable === true,
		);
		if (typeof credentialType.preAuthentication !== 'function' || expirable === undefined) {
			return undefined;
		}
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;

		const output = await credentialType.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		const updated = Object.assign(credentials, output as ICredentialDataDecryptedObject);
		this.store[typeName] = { ...this.store[typeName], ...updated };
		return updated;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const { preAuthentication } = this.getType(typeName);
		if (typeof preAuthentication !== 'function') return undefined;
		return (await preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	getParentTypes(name: string): string[] {
		const parents = this.credentialTypes[name]?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	/**
	 * n8n-core 2.x asks this before decrypting: a type flagged `restrictToSupportedNodes` serves only
	 * the nodes in `supportedNodes` (short names there, e.g. 'seqera' for 'n8n-nodes-seqera.seqera').
	 * The flag is read loosely because n8n-workflow 1.x does not declare it.
	 */
	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.credentialTypes[credentialType] as (ICredentialType & { restrictToSupportedNodes?: boolean }) | undefined;
		if (!type?.restrictToSupportedNodes) return true;
		const shortName = nodeType.slice(nodeType.lastIndexOf('.') + 1);
		return (type.supportedNodes ?? []).some((name) => name === nodeType || name === shortName);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.getType(type);
		const merged: INodeProperties[] = [];
		for (const parent of credentialType.extends ?? []) {
			NodeHelpers.mergeNodeProperties(merged, this.getCredentialsProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, credentialType.properties);
		return merged;
	}

	private getType(name: string): ICredentialType {
		const type = this.credentialTypes[name];
		if (type === undefined) {
			throw new UnexpectedError(`Unknown credential type "${name}": add it to the harness setup`);
		}
		return type;
	}
}
