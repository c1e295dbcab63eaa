/**
 * A local HTTPS stand-in for the Seqera Platform API: same routes, shapes,
 * errors and per-token rate limits as the real service, plus a request log,
 * contract checks and scripted faults for tests.
 *
 * Every request goes through the same gate as on the platform, in this order:
 * base path → token → rate limit → scripted fault → body → contract → route.
 * Clients reach it through a delayed path (delayedPath.ts), a TCP proxy that
 * delays every byte each way as the network profile says (network.ts),
 * handshakes included; with no profile it forwards at once. The server itself
 * adds only the platform's processing time of an admitted call.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { generate } from 'selfsigned';
import { ApiError, withErrorId, type ApiResult, type FormPart } from './apiTypes';
import { Contract, contractFilePath, type ContractViolation } from './contract';
import { SimulatorData } from './data';
import { startDataLinkStorage, type DataLinkStorage } from './dataLinkStorage';
import { FaultQueue, GATEWAY_STATUS_TEXT, TRUNCATED_JSON, WEB_APP_PAGE, htmlPage, type Fault } from './faults';
import { UNKNOWN_RUN_STATUSES, type UnknownRunStatus } from './model';
import { DelayedPath } from './delayedPath';
import { DEFAULT_NETWORK_SEED, DelayRolls, Network, type NetworkProfile } from './network';
import { SlidingWindowLimiter, maxInAnyWindow } from './rateLimiter';
import { refusedByRole, userIdOfToken, LAUNCH_ROLE_TOKEN, VIEW_ROLE_TOKEN } from './roles';
import { findRoute, type Route } from './router';
import { answerAsCaptured } from './captured';
import { SEED_USER } from './seed';
import { allRoutes } from './routes';
import { WeblogPoster, type WeblogOptions } from './weblog';

export type { ContractViolation } from './contract';
export type { Fault } from './faults';
export { NETWORK_PROFILES, around, type NetworkName, type NetworkProfile, type Spread } from './network';
export { SimulatorData } from './data';
export type { WeblogEvent, WeblogMessage, WeblogOptions, WeblogPost } from './weblog';

export interface SimulatorOptions {
	/** Port of the base URL (the delayed path's); 0 (default) picks a free one. Only 127.0.0.1 is listened on. */
	port?: number;
	/** Accepted bearer tokens; default DEFAULT_TOKENS. Each belongs to a user (roles.ts). */
	tokens?: string[];
	/** '' (default, like Cloud) or '/api' (like Enterprise: https://HOST/api/workflow). */
	basePath?: string;
	/** Requests per token in any sliding 1000 ms window; default 20. */
	perSecond?: number;
	/** Requests per token in any sliding hour window; default 72000. */
	perHour?: number;
	/** Length of the "hour" window, so tests can exhaust it quickly; default 3_600_000. */
	hourWindowMs?: number;
	/** Default true when the contract file exists. */
	validateContract?: boolean;
	/** Time a launched run spends in each of SUBMITTED and RUNNING; default 2000 ms. */
	runProgressMs?: number;
	/** Delays between client and platform and the platform's processing time; default none (loopback). */
	network?: NetworkProfile;
	/** Seed of the network's random delays; default DEFAULT_NETWORK_SEED. */
	networkSeed?: number;
	/** How a deleted (or another workspace's) run ID is answered: 403 (default), 400 or 404; `sim.unknownRunStatus` changes it later. */
	unknownRunStatus?: UnknownRunStatus;
	/**
	 * The events posted to a launch's weblog URL (weblog.ts): when the platform shows a run's end after its
	 * `completed` (`platformLagMs`), whether a cancelled run posts it (`cancelSilentChance`), faults and seed;
	 * `sim.weblog` changes them later.
	 */
	weblog?: WeblogOptions;
	/**
	 * How long the platform keeps an idle connection open, and says so in its Keep-Alive hint; default Node's 5 s. Load balancers in
	 * front of an install keep them longer (60 s on AWS's).
	 */
	keepAliveTimeoutMs?: number;
}

type ResolvedOptions = Required<
	Omit<SimulatorOptions, 'validateContract' | 'network' | 'networkSeed' | 'unknownRunStatus' | 'weblog' | 'keepAliveTimeoutMs'>
>;

export interface LoggedRequest {
	/** performance.now() when the request arrived: when its bytes came through the network, when the rate limit counts it. */
	at: number;
	/** performance.now() when the answer left the platform (before it travels back), or the connection was dropped. */
	answeredAt?: number;
	/** The processing time the network profile gave it, once admitted; none for a refusal, a fault's answer or on loopback. */
	processingMs?: number;
	/** Which TLS connection carried it: 1 for the first one the platform accepted, and so on. */
	connection: number;
	method: string;
	/** Without the base path and query string. */
	path: string;
	query: Record<string, string>;
	/** sha256 hex of a valid bearer token (the token itself is never kept); null when missing or invalid. */
	tokenHash: string | null;
	acceptVersion?: string;
	userAgent?: string;
	body?: unknown;
	/** The parts of a multipart/form-data body, files with their name, media type and content. */
	form?: Record<string, FormPart>;
	/** 0 when the connection was dropped without an answer. */
	status: number;
}

/** The TLS connections the platform accepted, and the requests they carried. */
export interface ConnectionCounts {
	opened: number;
	/** Every request that arrived over them: `requests / opened` is how many a connection carried on average. */
	requests: number;
}

/** A TLS connection the platform accepted: its number (from 1) and the tokens whose requests it carried. */
interface AcceptedConnection {
	number: number;
	tokenHashes: Set<string>;
}

/** Two tokens of the seed user, and one each of users with the Launch and the View role (roles.ts). */
export const DEFAULT_TOKENS = ['sim-token-alpha', 'sim-token-beta', LAUNCH_ROLE_TOKEN, VIEW_ROLE_TOKEN];
const MAX_BODY_BYTES = 1_048_576;
/** The CLI may run for days; old log entries are dropped beyond this many. */
const MAX_LOG_ENTRIES = 200_000;

let warnedMissingContract = false;

export function hashToken(token: string): string {
	return createHash('sha256').update(token).digest('hex');
}

interface Reply {
	status: number;
	headers?: Record<string, string | number>;
	body?: string;
	/** Sent as it is read instead of `body`, with the headers as given. */
	stream?: Readable;
}

const jsonReply = (status: number, body: unknown, headers: Record<string, string | number> = {}): Reply => ({
	status,
	headers: { 'Content-Type': 'application/json', ...headers },
	body: JSON.stringify(body),
});
const emptyReply = (status: number): Reply => ({ status });
const htmlReply = (status: number, html: string): Reply => ({
	status,
	headers: { 'Content-Type': 'text/html; charset=utf-8' },
	body: html,
});

function toReply(result: ApiResult): Reply {
	switch (result.kind) {
		case 'json':
			return jsonReply(result.status, result.body);
		case 'empty':
			return emptyReply(result.status);
		case 'file':
			return {
				status: 200,
				headers: { 'Content-Type': result.contentType, 'Content-Disposition': `attachment; filename="${result.fileName}"` },
				body: result.content,
			};
		case 'stream':
			return { status: result.status, headers: result.headers, stream: result.body };
	}
}

function errorReply(error: ApiError): Reply {
	return error.body ? jsonReply(error.status, error.body) : emptyReply(error.status);
}

function readBody(request: IncomingMessage): Promise<Buffer | 'too-large'> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		let size = 0;
		request.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size <= MAX_BODY_BYTES) chunks.push(chunk);
		});
		request.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
		request.on('error', reject);
	});
}

/** Parses a multipart/form-data body with the Fetch API's own parser; undefined when it is malformed. */
async function readForm(raw: Buffer, contentType: string): Promise<Record<string, FormPart> | undefined> {
	try {
		const formData = await new Response(new Uint8Array(raw), { headers: { 'Content-Type': contentType } }).formData();
		const parts: Record<string, FormPart> = {};
		for (const [name, value] of formData) {
			parts[name] =
				typeof value === 'string'
					? { content: value }
					: { fileName: value.name, contentType: value.type || undefined, content: await value.text() };
		}
		return parts;
	} catch {
		return undefined;
	}
}

function bearerToken(header: string | undefined): string | undefined {
	const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
	return match?.[1];
}

export class Simulator {
	readonly log: LoggedRequest[] = [];
	readonly contractViolations: ContractViolation[] = [];
	readonly data: SimulatorData;
	/** Posts the events of runs launched with a `weblog` scope in their Nextflow config, and logs them. */
	readonly weblog: WeblogPoster;
	/** How `/workflow/{workflowId}` answers a run ID the workspace does not have; tests may change it at any time. */
	unknownRunStatus: UnknownRunStatus = 403;
	/** The data links' storage provider, on another host name; startSimulator() starts it. */
	storage: DataLinkStorage | undefined;
	/**
	 * Stands for a proxy in front of the platform that refuses an encoded slash in a path, as many do
	 * (Apache's default `AllowEncodedSlashes Off`): such a request is answered 404 before it arrives.
	 */
	refuseEncodedSlashes = false;
	private readonly server: https.Server;
	/** The user each valid token's hash belongs to. */
	private readonly callers: Map<string, number>;
	private readonly limiter: SlidingWindowLimiter;
	private readonly faults = new FaultQueue();
	private readonly routes: Route[] = allRoutes();
	private readonly pendingDelays = new Set<NodeJS.Timeout>();
	/** What `logged()` waits for: told of each request as it arrives and as it is answered. */
	private readonly watchers = new Set<(entry: LoggedRequest) => void>();
	private path: DelayedPath | undefined;
	private origin = '';
	private closed = false;
	private network: Network | undefined;
	private networkRolls: DelayRolls;
	private readonly connectionCounts: ConnectionCounts = { opened: 0, requests: 0 };
	private readonly connectionOf = new WeakMap<Socket, AcceptedConnection>();
	private readonly connectionsPerToken = new Map<string, number>();

	/** Use startSimulator(), which also creates the certificate and starts listening. */
	constructor(
		private readonly options: ResolvedOptions,
		readonly certPem: string,
		keyPem: string,
		private readonly contract: Contract | undefined,
		network: { profile?: NetworkProfile; seed?: number } = {},
		weblog: WeblogOptions = {},
		keepAliveTimeoutMs?: number,
	) {
		this.networkRolls = new DelayRolls(network.seed ?? DEFAULT_NETWORK_SEED);
		this.setNetwork(network.profile);
		this.data = new SimulatorData(options.runProgressMs);
		this.weblog = new WeblogPoster(this.data, weblog);
		this.data.runWatcher = this.weblog;
		this.callers = new Map(options.tokens.map((token) => [hashToken(token), userIdOfToken(token)]));
		this.limiter = new SlidingWindowLimiter([
			{ limit: options.perSecond, windowMs: 1000 },
			{ limit: options.perHour, windowMs: options.hourWindowMs },
		]);
		this.server = https.createServer({ key: keyPem, cert: certPem }, (request, response) => {
			this.handle(request, response).catch((error: unknown) => {
				console.error('[seqera-simulator] unexpected error', error);
				if (!response.headersSent) response.writeHead(500).end();
			});
		});
		if (keepAliveTimeoutMs !== undefined) this.server.keepAliveTimeout = keepAliveTimeoutMs;
		this.server.on('secureConnection', (socket: Socket) => {
			this.connectionCounts.opened += 1;
			this.connectionOf.set(socket, { number: this.connectionCounts.opened, tokenHashes: new Set() });
		});
	}

	/** e.g. https://127.0.0.1:43121 or https://127.0.0.1:43121/api */
	get baseUrl(): string {
		return this.origin + this.options.basePath;
	}

	/** The platform listens on a free port of its own; clients reach it through the delayed path on `port`. */
	async listen(): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, '127.0.0.1', () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		const platformPort = (this.server.address() as AddressInfo).port;
		try {
			this.path = await DelayedPath.start({ port: platformPort }, () => this.network, this.options.port);
		} catch (error) {
			// A taken port: nothing of this simulator may stay open, or its caller could not start another.
			this.server.close();
			throw error;
		}
		this.origin = `https://127.0.0.1:${this.path.port}`;
	}

	addFault(fault: Fault): void {
		this.faults.add(fault);
	}

	clearFaults(): void {
		this.faults.clear();
	}

	/**
	 * Puts a network between clients and the platform, or takes it away (undefined:
	 * loopback, no added delay). It applies to every chunk that enters the path from
	 * now on, on new and open connections alike; chunks already on their way, and
	 * the handshakes of open connections, keep the delays they were given. A request
	 * already admitted keeps its processing time. A seed restarts the random delays;
	 * without one they go on.
	 */
	setNetwork(profile: NetworkProfile | undefined, seed?: number): void {
		if (seed !== undefined) this.networkRolls = new DelayRolls(seed);
		const known = new Set(this.routes.map(routeKey));
		const unknown = Object.keys(profile?.processingByRoute ?? {}).filter((key) => !known.has(key));
		if (unknown.length > 0) {
			throw new Error(
				`processingByRoute names no route of the simulator: ${unknown.join(', ')} (write them like 'GET /workflow/{workflowId}')`,
			);
		}
		this.network = profile && new Network(profile, this.networkRolls);
	}

	/** The TLS connections the platform accepted so far, and the requests they carried. */
	connections(): ConnectionCounts {
		return { ...this.connectionCounts };
	}

	/** How many distinct connections carried requests with this token (a valid one's hash, as in the log). */
	connectionsOf(tokenHash: string): number {
		return this.connectionsPerToken.get(tokenHash) ?? 0;
	}

	/**
	 * Most requests seen in any 1000 ms window (t - 1000, t], counting every logged
	 * request including refused ones: it measures what the client sent. Without a
	 * token hash, all requests made with any valid token count together.
	 */
	maxCallsInAnySlidingSecond(tokenHash?: string): number {
		const times = this.log
			.filter((entry) => (tokenHash === undefined ? entry.tokenHash !== null : entry.tokenHash === tokenHash))
			.map((entry) => entry.at);
		return maxInAnyWindow(times, 1000);
	}

	/**
	 * The first request to arrive from now on that `matches`; with `answered`, once its answer has left the
	 * platform too. Tests wait on it for a request to have happened rather than for a time.
	 */
	async logged(matches: (entry: LoggedRequest) => boolean, { answered = false } = {}): Promise<LoggedRequest> {
		const earlier = new Set(this.log);
		return await new Promise((resolve) => {
			const watcher = (entry: LoggedRequest) => {
				if (earlier.has(entry) || !matches(entry) || (answered && entry.answeredAt === undefined)) return;
				this.watchers.delete(watcher);
				resolve(entry);
			};
			this.watchers.add(watcher);
		});
	}

	count429(): number {
		return this.log.filter((entry) => entry.status === 429).length;
	}

	/**
	 * Drops open (keep-alive) connections too, and whatever is on its way through
	 * the network, so test runners can exit at once.
	 */
	async close(): Promise<void> {
		this.closed = true;
		this.weblog.close();
		await this.storage?.close();
		for (const timer of this.pendingDelays) clearTimeout(timer);
		this.pendingDelays.clear();
		await this.path?.close();
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		// Its head came through the network just now: this is when the platform sees (and counts) it.
		const at = performance.now();
		// Drawn on arrival, so the n-th request gets the same processing time for a seed.
		const processingMs = this.network?.drawProcessing();
		const connection = this.countRequest(request.socket);
		const bodyRead = readBody(request);
		bodyRead.catch(() => undefined);
		// Prefixing (rather than resolving against a base) keeps `//x/y` a path instead of a host.
		const url = new URL(`https://simulator.invalid${request.url ?? '/'}`);
		const method = (request.method ?? 'GET').toUpperCase();
		const queryValues = new Map<string, string[]>();
		for (const [name, value] of url.searchParams) queryValues.set(name, [...(queryValues.get(name) ?? []), value]);
		const query = Object.fromEntries([...queryValues].map(([name, values]) => [name, values.join(',')]));
		const { basePath } = this.options;
		const inApi = basePath === '' || url.pathname === basePath || url.pathname.startsWith(`${basePath}/`);
		const path = inApi ? url.pathname.slice(basePath.length) || '/' : url.pathname;
		const token = bearerToken(request.headers.authorization);
		const tokenHash = token !== undefined && this.callers.has(hashToken(token)) ? hashToken(token) : null;
		if (tokenHash !== null) this.countTokenConnection(connection, tokenHash);
		const entry: LoggedRequest = {
			at,
			connection: connection?.number ?? 0,
			method,
			path,
			query,
			tokenHash,
			acceptVersion: request.headers['accept-version'] as string | undefined,
			userAgent: request.headers['user-agent'],
			status: 0,
		};
		this.record(entry);
		const rawBody = await bodyRead;
		const reply = (r: Reply) => this.send(response, entry, r);

		// Outside the API base path the web app answers, whatever the method or token.
		if (!inApi) return reply(htmlReply(200, WEB_APP_PAGE));
		if (this.refuseEncodedSlashes && /%2f/i.test(path)) return reply(htmlReply(404, htmlPage('404 Not Found', 'Not Found')));

		const found = findRoute(this.routes, method, path);
		if (tokenHash === null && !found?.route.public) return reply(emptyReply(403));

		if (tokenHash !== null) {
			const admission = this.limiter.tryAdmit(tokenHash, at);
			if (!admission.admitted) {
				return reply(jsonReply(429, { message: withErrorId('Too many requests') }, { 'Retry-After': admission.retryAfterSeconds }));
			}
		}

		// Scripted faults stand for what happens in front of the platform: they answer without its processing time.
		const fault = this.faults.take(method, path);
		if (fault && fault.kind !== 'delay') {
			const answer = faultReply(fault);
			return answer === 'drop' ? this.drop(response, entry) : reply(answer);
		}
		entry.processingMs = processingMs?.(found ? routeKey(found.route) : undefined);
		await this.sleep((entry.processingMs ?? 0) + (fault?.delayMs ?? 0));
		if (fault?.until) await this.held(fault.until);

		let body: unknown;
		let form: Record<string, FormPart> | undefined;
		if (rawBody === 'too-large') return reply(jsonReply(413, { message: withErrorId('Request body too large') }));
		const contentType = request.headers['content-type'] ?? '';
		if (/^multipart\/form-data/i.test(contentType)) {
			form = await readForm(rawBody, contentType);
			if (!form) return reply(jsonReply(400, { message: withErrorId('Malformed multipart/form-data body') }));
			entry.form = form;
		} else if (rawBody.length > 0) {
			const text = rawBody.toString('utf8');
			try {
				body = JSON.parse(text);
			} catch {
				entry.body = text;
				return reply(jsonReply(400, { message: withErrorId('Malformed JSON request body') }));
			}
		}
		entry.body = body;

		if (this.contract) {
			// Form fields are checked as text against the operation's multipart schema (files as their content).
			const formFields = form && Object.fromEntries(Object.entries(form).map(([name, part]) => [name, part.content]));
			const violation = this.contract.checkRequest({ method, path, query: queryValues, body, form: formFields });
			if (violation) {
				this.contractViolations.push(violation);
				// A route the platform does not have is a 403 there too; a bad request to a real one is a 400.
				if (!this.contract.findOperation(method, path)) return reply(emptyReply(403));
				return reply(jsonReply(400, { message: withErrorId(`Contract violation: ${violation.problems.join('; ')}`) }));
			}
		}

		if (!found) return reply(emptyReply(403));
		const apiRequest = { method, path, pathParams: found.pathParams, query, body, form, tokenHash };
		const callerId = this.callers.get(tokenHash ?? '') ?? SEED_USER.id;
		if (tokenHash !== null && refusedByRole(apiRequest, this.data, callerId, routeKey(found.route))) return reply(emptyReply(403));
		try {
			const result = found.route.handle(apiRequest, {
				data: this.data,
				enterprise: basePath !== '',
				unknownRunStatus: this.unknownRunStatus,
				callerId,
			});
			return reply(
				toReply(
					result.kind === 'json' && result.status === 200
						? { ...result, body: answerAsCaptured(routeKey(found.route), result.body) }
						: result,
				),
			);
		} catch (error) {
			if (error instanceof ApiError) return reply(errorReply(error));
			throw error;
		}
	}

	/** The answer is ready: it is logged and written now, and travels back through the network. */
	private async send(response: ServerResponse, entry: LoggedRequest, reply: Reply): Promise<void> {
		entry.status = reply.status;
		entry.answeredAt = performance.now();
		this.tell(entry);
		if (response.destroyed) return;
		if (reply.stream) {
			response.writeHead(reply.status, reply.headers);
			await pipeline(reply.stream, response).catch(() => response.destroy());
			return;
		}
		const body = reply.body ?? '';
		response.writeHead(reply.status, { ...reply.headers, 'Content-Length': Buffer.byteLength(body) });
		response.end(body);
	}

	/** The connection is cut without an answer; the cut travels back through the network like an answer. */
	private drop(response: ServerResponse, entry: LoggedRequest): void {
		entry.status = 0;
		entry.answeredAt = performance.now();
		this.tell(entry);
		response.socket?.destroy();
	}

	private countRequest(socket: Socket): AcceptedConnection | undefined {
		this.connectionCounts.requests += 1;
		return this.connectionOf.get(socket);
	}

	private countTokenConnection(connection: AcceptedConnection | undefined, tokenHash: string): void {
		if (!connection || connection.tokenHashes.has(tokenHash)) return;
		connection.tokenHashes.add(tokenHash);
		this.connectionsPerToken.set(tokenHash, (this.connectionsPerToken.get(tokenHash) ?? 0) + 1);
	}

	private record(entry: LoggedRequest): void {
		this.log.push(entry);
		if (this.log.length > MAX_LOG_ENTRIES) this.log.splice(0, this.log.length - MAX_LOG_ENTRIES * 0.9);
		this.tell(entry);
	}

	private tell(entry: LoggedRequest): void {
		for (const watcher of this.watchers) watcher(entry);
	}

	/** Waits for a held answer's release; after close() it never answers, as `sleep` does not. */
	private async held(until: Promise<unknown>): Promise<void> {
		await until.catch(() => undefined);
		if (this.closed) await new Promise(() => undefined);
	}

	/** No delay resolves at once; after close() the promise never resolves, so nothing answers on a closed server. */
	private sleep(ms: number): Promise<void> {
		if (this.closed) return new Promise(() => undefined);
		if (ms <= 0) return Promise.resolve();
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.pendingDelays.delete(timer);
				resolve();
			}, ms);
			this.pendingDelays.add(timer);
		});
	}
}

/** 'GET /workflow/{workflowId}': how NetworkProfile.processingByRoute names a route. */
function routeKey(route: Route): string {
	return `${route.method} ${route.template.text}`;
}

function faultReply(fault: Fault): Reply | 'drop' {
	switch (fault.kind) {
		case 'drop':
			return 'drop';
		case 'html':
			return htmlReply(200, WEB_APP_PAGE);
		case 'answer':
			return jsonReply(200, fault.answer);
		case 'malformedJson':
			return { status: 200, headers: { 'Content-Type': 'application/json' }, body: TRUNCATED_JSON };
		case 'rateLimit':
			return jsonReply(
				429,
				{ message: withErrorId('Too many requests') },
				fault.retryAfterSeconds === undefined ? {} : { 'Retry-After': fault.retryAfterSeconds },
			);
		case 'status': {
			const status = fault.status ?? 500;
			const gatewayText = GATEWAY_STATUS_TEXT[status];
			if (gatewayText) return htmlReply(status, htmlPage(`${status} ${gatewayText}`, gatewayText));
			if (status === 204 || status === 403) return emptyReply(status);
			return jsonReply(status, { message: withErrorId(`Simulated HTTP ${status}`) });
		}
		case 'delay':
			throw new Error('A delay fault only slows the answer down; it has no answer of its own');
	}
}

async function selfSignedCertificate(): Promise<{ cert: string; key: string }> {
	const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
		keyType: 'ec',
		algorithm: 'sha256',
		extensions: [
			{ name: 'basicConstraints', cA: false },
			{ name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
			{ name: 'extKeyUsage', serverAuth: true },
			{
				name: 'subjectAltName',
				altNames: [
					{ type: 2, value: 'localhost' },
					{ type: 7, ip: '127.0.0.1' },
				],
			},
		],
	});
	return { cert: pems.cert, key: pems.private };
}

function loadContract(wanted: boolean | undefined): Contract | undefined {
	if (wanted === false) return undefined;
	const file = contractFilePath();
	const contract = Contract.loadIfPresent(file);
	if (!contract && !warnedMissingContract) {
		warnedMissingContract = true;
		console.warn(`[seqera-simulator] contract not found at ${file} - contract checks are skipped`);
	}
	return contract;
}

function positive(name: string, value: number): number {
	if (!(value > 0)) throw new Error(`Simulator option ${name} must be > 0, got ${value}`);
	return value;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const basePath = (options.basePath ?? '').replace(/\/+$/, '');
	if (basePath !== '' && !basePath.startsWith('/')) throw new Error(`basePath must start with '/', got '${basePath}'`);
	const resolved: ResolvedOptions = {
		port: options.port ?? 0,
		tokens: options.tokens ?? DEFAULT_TOKENS,
		basePath,
		perSecond: positive('perSecond', options.perSecond ?? 20),
		perHour: positive('perHour', options.perHour ?? 72_000),
		hourWindowMs: positive('hourWindowMs', options.hourWindowMs ?? 3_600_000),
		runProgressMs: positive('runProgressMs', options.runProgressMs ?? 2000),
	};
	const { cert, key } = await selfSignedCertificate();
	const simulator = new Simulator(
		resolved,
		cert,
		key,
		loadContract(options.validateContract),
		{
			profile: options.network,
			seed: options.networkSeed,
		},
		options.weblog,
		options.keepAliveTimeoutMs,
	);
	if (options.unknownRunStatus !== undefined) {
		if (!UNKNOWN_RUN_STATUSES.includes(options.unknownRunStatus)) {
			throw new Error(
				`Simulator option unknownRunStatus must be one of ${UNKNOWN_RUN_STATUSES.join(', ')}, got ${String(options.unknownRunStatus)}`,
			);
		}
		simulator.unknownRunStatus = options.unknownRunStatus;
	}
	await simulator.listen();
	simulator.storage = await startDataLinkStorage(simulator.data, cert, key);
	return simulator;
}
