import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

/**
 * How a call carries the credential: the access token as a bearer token, and the API version, when one
 * is set, as Accept-Version. The credential type (SeqeraApi) authenticates with this, and so do the
 * token's own connections and the credential test, so every call sends the same headers.
 */
export async function authenticate(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const apiVersion = String(credentials.apiVersion ?? '').trim();
	return {
		...requestOptions,
		headers: {
			...requestOptions.headers,
			Authorization: `Bearer ${String(credentials.accessToken ?? '').trim()}`,
			...(apiVersion ? { 'Accept-Version': apiVersion } : {}),
		},
	};
}
