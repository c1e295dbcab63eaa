/**
 * What route handlers receive and return. Handlers never touch node's HTTP
 * objects, so the pipeline in server.ts alone decides how bytes go out.
 */
import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';

export interface ApiRequest {
	method: string;
	/** Path without the base path and without the query string. */
	path: string;
	pathParams: Record<string, string>;
	/** Each query parameter; a repeated one has its values comma-joined. */
	query: Record<string, string>;
	body: unknown;
	/** The parts of a multipart/form-data body, by field name; undefined for other bodies. */
	form?: Record<string, FormPart>;
	/** sha256 of the bearer token; null only on public operations called without a valid token. */
	tokenHash: string | null;
}

/** One field of a multipart/form-data body; files carry their name and media type. */
export interface FormPart {
	fileName?: string;
	contentType?: string;
	content: string;
}

export type ApiResult =
	| { kind: 'json'; status: number; body: unknown }
	| { kind: 'empty'; status: number }
	| { kind: 'file'; fileName: string; contentType: string; content: string }
	/** Headers as given (a redirect's Location, a file's Content-Length), and a body streamed as it is read. */
	| { kind: 'stream'; status: number; headers: Record<string, string | number>; body?: Readable };

export const json = (body: unknown, status = 200): ApiResult => ({ kind: 'json', status, body });
export const noContent = (): ApiResult => ({ kind: 'empty', status: 204 });

/** Thrown by handlers; server.ts turns it into the platform's error response. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly body?: Record<string, unknown>,
	) {
		super(typeof body?.message === 'string' ? body.message : `HTTP ${status}`);
	}
}

const ERROR_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The platform appends a random id to every error message so support can find the server log line. */
export function withErrorId(text: string): string {
	let id = '';
	for (let i = 0; i < 10; i++) id += ERROR_ID_ALPHABET[randomInt(ERROR_ID_ALPHABET.length)];
	return `${text} - Error ID: ${id}`;
}

export const badRequest = (text: string): ApiError => new ApiError(400, { message: withErrorId(text) });

/** The platform answers 403 without a body for missing rights, unknown entities and unknown routes alike. */
export const forbidden = (): ApiError => new ApiError(403);

/** `2024-05-01T10:20:30Z`: the platform's timestamp format (no milliseconds). */
export function isoSeconds(date: Date): string {
	return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
