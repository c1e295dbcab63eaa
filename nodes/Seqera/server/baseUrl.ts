import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export const CLOUD_BASE_URL = 'https://api.cloud.seqera.io';
export const LEGACY_BASE_URL = 'https://api.tower.nf';

export type SeqeraServer = 'cloud' | 'legacy' | 'custom';

/** Thrown for a base URL the package refuses to call; the message tells the user what to type instead. */
export class InvalidBaseUrlError extends Error {}

/**
 * The API root a credential points at, without a trailing slash.
 * Only HTTPS is accepted: the access token travels in a header and must never cross the network in clear text.
 */
export function resolveBaseUrl(credentials: ICredentialDataDecryptedObject): string {
	const server = (credentials.server as SeqeraServer | undefined) ?? 'cloud';
	if (server === 'cloud') return CLOUD_BASE_URL;
	if (server === 'legacy') return LEGACY_BASE_URL;

	const typed = String(credentials.baseUrl ?? '').trim();
	if (typed === '') {
		throw new InvalidBaseUrlError(
			'Base URL is empty: enter the API address of your Seqera Enterprise install, e.g. https://seqera.example.com/api',
		);
	}
	if (!URL.canParse(typed)) {
		throw new InvalidBaseUrlError(
			`Base URL "${typed}" is not a valid URL: enter it as https://HOST/api, e.g. https://seqera.example.com/api`,
		);
	}
	const url = new URL(typed);
	if (url.protocol !== 'https:') {
		throw new InvalidBaseUrlError(
			`Base URL "${typed}" does not use HTTPS: the Seqera Platform API is only served over HTTPS, so enter ` +
				`https://${url.host}${url.pathname.replace(/\/+$/, '')}`,
		);
	}
	if (url.search !== '' || url.hash !== '') {
		throw new InvalidBaseUrlError(
			`Base URL "${typed}" must not contain "?" or "#": enter only the API address, e.g. https://seqera.example.com/api`,
		);
	}
	return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** An Enterprise base URL usually ends in /api; a URL that does not is the most common cause of HTML or 403 answers. */
export function looksLikeMissingApiSuffix(baseUrl: string): boolean {
	return baseUrl !== CLOUD_BASE_URL && baseUrl !== LEGACY_BASE_URL && !/\/api$/.test(baseUrl);
}
