/**
 * An HTTPS client for the simulator's own tests: one keep-alive agent per
 * simulator, a bearer token (alpha unless told), JSON or multipart bodies.
 */
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Simulator } from '../../dev/simulator/server';

export const ALPHA = 'sim-token-alpha';
export const BETA = 'sim-token-beta';

export interface Reply {
	status: number;
	headers: IncomingHttpHeaders;
	text: string;
	json: unknown;
	/** performance.now() just before the request was written, and when its answer had fully arrived. */
	sentAt: number;
	receivedAt: number;
}

export interface CallOptions {
	token?: string | null;
	body?: unknown;
	/** A multipart/form-data body instead of JSON. */
	form?: FormData;
	/** Absolute URL instead of baseUrl + path. */
	url?: string;
}

/** One keep-alive agent per simulator, trusting only that simulator's certificate. */
const agents = new WeakMap<Simulator, https.Agent>();

export async function call(sim: Simulator, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
	let agent = agents.get(sim);
	if (!agent) {
		agent = new https.Agent({ keepAlive: true, ca: sim.certPem });
		agents.set(sim, agent);
	}
	const token = options.token === undefined ? ALPHA : options.token;
	// The Fetch API writes the multipart body and its boundary, as the node's transport does.
	const form = options.form === undefined ? undefined : new Response(options.form);
	const payload = form ? Buffer.from(await form.arrayBuffer()) : options.body === undefined ? undefined : JSON.stringify(options.body);
	const contentType = form ? form.headers.get('content-type')! : 'application/json';
	return await new Promise((resolve, reject) => {
		const sentAt = performance.now();
		const req = https.request(
			options.url ?? sim.baseUrl + path,
			{
				method,
				agent,
				headers: {
					...(token === null ? {} : { Authorization: `Bearer ${token}` }),
					...(payload === undefined ? {} : { 'Content-Type': contentType }),
					'Accept-Version': '1',
				},
			},
			(res) => {
				const chunks: Buffer[] = [];
				res.on('data', (chunk: Buffer) => chunks.push(chunk));
				res.on('end', () => {
					const receivedAt = performance.now();
					const text = Buffer.concat(chunks).toString('utf8');
					let json: unknown;
					try {
						json = text === '' ? undefined : JSON.parse(text);
					} catch {
						json = undefined;
					}
					resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, sentAt, receivedAt });
				});
			},
		);
		req.on('error', reject);
		req.end(payload);
	});
}

export const get = (sim: Simulator, path: string, options?: CallOptions) => call(sim, 'GET', path, options);

export async function stop(sim: Simulator): Promise<void> {
	agents.get(sim)?.destroy();
	await sim.close();
}
