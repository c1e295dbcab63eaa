import { Redis } from 'ioredis';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { type RedisTarget, sharedBudgetConfig } from '../../nodes/Seqera/environment/limiterRedis';
import {
	type AdmittedCall,
	ArrivalBound,
	type BudgetGate,
	budgetKey,
	type CallPriority,
	CancelledError,
	localShare,
	SAFETY_MARGIN_MS,
	SharedBudget,
	TokenLimiter,
	windowLimits,
	type WindowLimits,
} from '../../nodes/Seqera/transport';
import { maxInAnyWindow } from '../../dev/simulator/rateLimiter';
import { startRedisServer, type RedisServer } from '../../dev/queue/redisServer';
import { stablePort } from '../../dev/freePort';
import { sleep, until } from '../../dev/until';

const DEFAULT_LIMITS = windowLimits({ maxCallsPerSecond: 20, maxCallsPerHour: 72000 });

/** One call through the gate, with no arrival bound, that gets its answer at once. */
async function answered(gate: BudgetGate): Promise<void> {
	(await gate.admit(new ArrivalBound())).answered();
}

/** A call admitted and sent at once: from then on its arrival is bounded. */
async function admitSent(gate: BudgetGate, bound: ArrivalBound): Promise<AdmittedCall> {
	const call = await gate.admit(bound);
	call.sent();
	return call;
}

/** An arrival bound that has measured eight round trips of `ms`. */
function measuredBound(ms: number): ArrivalBound {
	const bound = new ArrivalBound();
	for (let call = 0; call < 8; call++) bound.recordRoundTrip(ms);
	return bound;
}

describe('configuration from the environment', () => {
	it('shares nothing outside queue mode, or when turned off', () => {
		expect(sharedBudgetConfig({})).toEqual({ mode: 'local' });
		expect(sharedBudgetConfig({ EXECUTIONS_MODE: 'regular', QUEUE_BULL_REDIS_HOST: 'redis' })).toEqual({ mode: 'local' });
		expect(sharedBudgetConfig({ EXECUTIONS_MODE: 'queue', SEQERA_LIMITER_REDIS: 'off' })).toEqual({ mode: 'local' });
		expect(sharedBudgetConfig({ SEQERA_LIMITER_REDIS_URL: 'redis://x:1', SEQERA_LIMITER_REDIS: 'off' })).toEqual({ mode: 'local' });
	});

	it("uses n8n's queue Redis in queue mode, with n8n's defaults", () => {
		expect(sharedBudgetConfig({ EXECUTIONS_MODE: 'queue' })).toEqual({
			mode: 'shared',
			fallbackShare: 4,
			target: {
				kind: 'standalone',
				label: 'redis://localhost:6379/0',
				options: { host: 'localhost', port: 6379, db: 0, family: 4, username: undefined, password: undefined },
			},
		});
		const dir = mkdtempSync(path.join(tmpdir(), 'seqera-env-'));
		try {
			writeFileSync(path.join(dir, 'password'), 's3cret\n');
			const config = sharedBudgetConfig({
				EXECUTIONS_MODE: 'queue',
				QUEUE_BULL_REDIS_HOST: 'redis.internal',
				QUEUE_BULL_REDIS_PORT: '6380',
				QUEUE_BULL_REDIS_DB: '2',
				QUEUE_BULL_REDIS_USERNAME: 'n8n',
				QUEUE_BULL_REDIS_PASSWORD_FILE: path.join(dir, 'password'),
				QUEUE_BULL_REDIS_TLS: 'true',
				QUEUE_BULL_REDIS_TLS_VALIDATE_CERTIFICATE: 'false',
				SEQERA_LIMITER_FALLBACK_SHARE: '8',
			});
			expect(config).toEqual({
				mode: 'shared',
				fallbackShare: 8,
				target: {
					kind: 'standalone',
					label: 'rediss://redis.internal:6380/2',
					options: {
						host: 'redis.internal',
						port: 6380,
						db: 2,
						family: 4,
						username: 'n8n',
						password: 's3cret',
						tls: { rejectUnauthorized: false },
					},
				},
			});
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
		expect(sharedBudgetConfig({ EXECUTIONS_MODE: 'queue', QUEUE_BULL_REDIS_CLUSTER_NODES: 'a:7000, b' })).toMatchObject({
			mode: 'shared',
			target: {
				kind: 'cluster',
				nodes: [
					{ host: 'a', port: 7000 },
					{ host: 'b', port: 6379 },
				],
				label: 'redis cluster a:7000,b:6379',
			},
		});
	});

	it('prefers SEQERA_LIMITER_REDIS_URL, in any mode, and never puts its password in the label', () => {
		const env = {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: 'queue-redis',
			SEQERA_LIMITER_REDIS_URL: 'rediss://user:pw@limits:6390/3',
		};
		expect(sharedBudgetConfig(env)).toEqual({
			mode: 'shared',
			fallbackShare: 4,
			target: { kind: 'url', url: 'rediss://user:pw@limits:6390/3', label: 'rediss://limits:6390/3' },
		});
		expect(sharedBudgetConfig({ SEQERA_LIMITER_REDIS_URL: 'redis://limits' })).toMatchObject({ mode: 'shared' });
		expect(sharedBudgetConfig({ SEQERA_LIMITER_REDIS_URL: 'http://limits' })).toMatchObject({
			mode: 'misconfigured',
			fallbackShare: 4,
		});
		expect(sharedBudgetConfig({ SEQERA_LIMITER_REDIS_URL: 'not a url' })).toMatchObject({ mode: 'misconfigured' });
		expect(sharedBudgetConfig({ SEQERA_LIMITER_REDIS_URL: 'redis://x', SEQERA_LIMITER_FALLBACK_SHARE: '0' })).toMatchObject({
			fallbackShare: 4,
		});
	});

	it('gives each process a local share of at least one call per second', () => {
		expect(localShare(DEFAULT_LIMITS, 4)).toEqual({ maxCallsPerSecond: 5, maxCallsPerHour: 18000, spacingMs: 200 });
		expect(localShare(windowLimits({ maxCallsPerSecond: 2, maxCallsPerHour: 100 }), 4)).toEqual({
			maxCallsPerSecond: 1,
			maxCallsPerHour: 25,
			spacingMs: 144_000,
		});
	});
});

describe('RedisGate against a real redis-server', () => {
	let redis: RedisServer;
	let admin: Redis;
	const budgets: SharedBudget[] = [];
	let tokenCount = 0;

	/** A fresh budget key per test, so tests never see each other's starts. */
	const freshKey = () => budgetKey('https://api.example', `token-${++tokenCount}`);
	const sharedBudget = (target: RedisTarget = { kind: 'url', url: redis.url, label: 'test' }, warn = jest.fn()) => {
		const budget = new SharedBudget(target, { warn, retryMs: 300 });
		budgets.push(budget);
		return budget;
	};
	const startScores = async (key: string) =>
		(await admin.zrange(`seqera:budget:{${key}}:hour`, 0, -1, 'WITHSCORES')).filter((_, index) => index % 2 === 1).map(Number);

	beforeAll(async () => {
		redis = await startRedisServer();
		admin = new Redis(redis.port, '127.0.0.1');
	});

	afterAll(async () => {
		for (const budget of budgets) await budget.close();
		admin?.disconnect();
		await redis?.stop();
	});

	it('two processes on one token never start more than the limit in any sliding second', async () => {
		const key = freshKey();
		// No spacing, so only the sliding window holds them back.
		const limits: WindowLimits = { maxCallsPerSecond: 10, maxCallsPerHour: 1000, spacingMs: 0 };
		const gates = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		const admitted = [0, 0];
		await Promise.all(
			gates.flatMap((gate, process) =>
				Array.from({ length: 15 }, async () => {
					await answered(gate);
					admitted[process]++;
				}),
			),
		);
		// Both processes got their starts...
		expect(admitted).toEqual([15, 15]);
		// ...and together never more than 10 in any sliding second. The start times are Redis's: times
		// taken here would add each reply's travel through a busy event loop.
		const scores = await startScores(key);
		expect(scores).toHaveLength(30);
		expect(maxInAnyWindow(scores, 1000)).toBe(10);
		// It took three windows, not less.
		expect(scores[29] - scores[0]).toBeGreaterThan(2000);
	});

	it('spaces starts across processes, not just within each', async () => {
		const key = freshKey();
		const gates = [sharedBudget().makeGate(key, DEFAULT_LIMITS), sharedBudget().makeGate(key, DEFAULT_LIMITS)];
		await Promise.all(gates.flatMap((gate) => Array.from({ length: 12 }, async () => await answered(gate))));
		const scores = await startScores(key);
		expect(scores).toHaveLength(24);
		const gaps = scores.slice(1).map((score, index) => score - scores[index]);
		expect(Math.min(...gaps)).toBeGreaterThanOrEqual(DEFAULT_LIMITS.spacingMs);
	});

	it('a call holds its place until a second after it was sent plus its bound, though it is never answered', async () => {
		const key = freshKey();
		const gate = sharedBudget().makeGate(key, { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		// Round trips of 2 s: a bound of 0.4 × 1000 ms + the safety margin.
		const bound = measuredBound(2000);
		const boundMs = bound.boundMs(Date.now());
		expect(boundMs).toBe(400 + SAFETY_MARGIN_MS);
		const unanswered = await admitSent(gate, bound);
		const started = Date.now();
		(await admitSent(gate, bound)).answered();
		const waited = Date.now() - started;
		expect(waited).toBeGreaterThanOrEqual(1000 + boundMs - 50);
		// Held a second plus the bound, not until an answer that never comes (up to a minute, MAX_BOUND_MS).
		// 5 s over is a margin no busy machine takes up, and still far from the minute.
		expect(waited).toBeLessThan(1000 + boundMs + 5000);
		unanswered.answered();
	});

	it('a call not yet sent holds its place until a second after its answer, in every process, though a sent one would not', async () => {
		const key = freshKey();
		const limits = { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 };
		const [opening, other] = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		const bound = measuredBound(2000);
		const unsent = await opening.admit(bound);
		let admitted = false;
		const next = admitSent(other, bound).then((call) => {
			admitted = true;
			return call;
		});
		// Sent, the place would free a second and the bound (about 1.4 s) after the start. Nothing marks a
		// call that is not admitted: wait well past that, then look.
		await sleep(2200);
		expect(admitted).toBe(false);
		expect(await admin.hgetall(`seqera:budget:{${key}}:sent`)).toEqual({});
		const answeredAt = Date.now();
		unsent.answered();
		const sent = await next;
		expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(900);
		sent.answered();
	});

	it("a call sent late (its connection's handshakes first) holds its place a second and the bound after it was sent, in every process", async () => {
		const key = freshKey();
		const limits = { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 };
		const [opening, other] = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		const bound = measuredBound(400);
		const late = await opening.admit(bound);
		const [member] = await admin.zrange(`seqera:budget:{${key}}:second`, 0, -1);
		// Its handshakes take 1.2 s: until it is sent, it holds its place as if it had no bound. The delay is the
		// case, and the gate reads Redis's clock, which no test drives.
		await sleep(1200);
		const sentAt = Date.now();
		late.sent();
		const started = Date.now();
		const next = await admitSent(other, bound);
		const admittedAt = Date.now();
		expect(Object.keys(await admin.hgetall(`seqera:budget:{${key}}:sent`))).toEqual(expect.arrayContaining([member]));
		expect(admittedAt - sentAt).toBeGreaterThanOrEqual(1000);
		// Never answered, it would hold the place for a minute; from its start it would free it at once (the
		// lower bound above). 5 s over is a margin no busy machine takes up, and still far from the minute.
		expect(admittedAt - started).toBeLessThan(1000 + bound.boundMs(admittedAt) + 5000);
		late.answered();
		next.answered();
	});

	it('an interactive caller of one process is admitted ahead of the bulk callers waiting in another', async () => {
		const key = freshKey();
		const limits = { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 };
		const [production, editor] = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		const order: string[] = [];
		const call = async (gate: BudgetGate, name: string, priority: CallPriority) => {
			const admitted = await gate.admit(new ArrivalBound(), undefined, { priority });
			order.push(name);
			admitted.answered();
		};
		// The limiter lets one caller of a process ask its gate at a time, in the order of its queue.
		let line = Promise.resolve();
		const bulk = ['bulk 1', 'bulk 2', 'bulk 3'].map((name) => (line = line.then(async () => await call(production, name, 'bulk'))));
		// The second bulk call then waits for the place the first holds until a second after its answer.
		await until('bulk 1 admitted', () => order.includes('bulk 1'), 10_000, { everyMs: 10 });
		const waiting = `seqera:budget:{${key}}:waiting`;
		const interactive = call(editor, 'interactive', 'interactive');
		// Registered, with the time it asks again, under the token's hash tag, expiring on its own.
		await until('the interactive caller registered', async () => (await admin.hlen(waiting)) > 0, 10_000, { everyMs: 10 });
		expect(Object.keys(await admin.hgetall(waiting))).toHaveLength(1);
		expect(await admin.pttl(waiting)).toBeGreaterThan(0);
		// Until it asks again, at most the second the place is held, and the grace of 200 ms a caller running
		// late has (budgetScripts.ts).
		expect(await admin.pttl(waiting)).toBeLessThanOrEqual(1000 + 200);
		await Promise.all([...bulk, interactive]);
		expect(order).toEqual(['bulk 1', 'interactive', 'bulk 2', 'bulk 3']);
		// Admitted, the interactive caller took its registration away.
		expect(await admin.exists(waiting)).toBe(0);
	});

	it('a registration its caller never comes back to (its process died) lapses within a fraction of a second', async () => {
		const key = freshKey();
		const gate = sharedBudget().makeGate(key, DEFAULT_LIMITS);
		const waiting = `seqera:budget:{${key}}:waiting`;
		const [seconds, micros] = await admin.time();
		const redisNow = Number(seconds) * 1000 + Number(micros) / 1000;
		await admin.hset(waiting, 'gone:waiter:1', (redisNow + 400).toFixed(3));
		await admin.pexpire(waiting, 5000);
		const asked = Date.now();
		await answered(gate);
		const waited = Date.now() - asked;
		// Held back while the registration was live: until its time, and a little longer for a caller running late.
		expect(waited).toBeGreaterThanOrEqual(400);
		// Not until the registration's key expires, 5 s after it was written: half of that is a margin no
		// busy machine takes up.
		expect(waited).toBeLessThan(2500);
		expect(await admin.hgetall(waiting)).toEqual({});
	});

	it('an answer before the bound frees the place a second after the answer', async () => {
		const key = freshKey();
		const gate = sharedBudget().makeGate(key, { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		// Round trips of 20 s: a bound of 4 s and the safety margin.
		const bound = measuredBound(20_000);
		expect(bound.boundMs(Date.now())).toBe(4000 + SAFETY_MARGIN_MS);
		const started = Date.now();
		(await admitSent(gate, bound)).answered();
		// The answer is noted in Redis without waiting (redisGate.ts): the next call asks once it is there.
		await until('the answer noted in Redis', async () => (await admin.hlen(`seqera:budget:{${key}}:answers`)) > 0, 10_000, {
			everyMs: 5,
		});
		(await admitSent(gate, bound)).answered();
		// The bound would hold the first call until some 5 s; its answer frees it at about 1 s. 3 s leaves
		// 2 s either side, a margin no busy machine takes up.
		expect(Date.now() - started).toBeGreaterThanOrEqual(990);
		expect(Date.now() - started).toBeLessThan(3000);
	});

	it("the largest bound any process gave holds every process's calls: a slower network seen by one delays the others' calls too", async () => {
		const key = freshKey();
		const limits = { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 };
		const [calm, stalled] = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		// Round trips of 1 s: a bound of 200 ms plus the safety margin.
		const small = measuredBound(1000);
		const first = await admitSent(calm, small);
		const started = Date.now();
		// The other process asks with a bound 1 s larger (its round trips are slow): it must wait, and
		// from now on the calm process's call counts with that bound too.
		const stalledCall = admitSent(stalled, measuredBound(6000));
		(await admitSent(calm, small)).answered();
		// Alone, the calm call would wait 1200 ms plus the margin; now 1 s more.
		expect(Date.now() - started).toBeGreaterThanOrEqual(1000 + 1200 + SAFETY_MARGIN_MS - 50);
		first.answered();
		(await stalledCall).answered();
	});

	it('after a 429 in one process, every process holds calls until their answers for a minute', async () => {
		const key = freshKey();
		const limits = { maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 };
		const [first, second] = [sharedBudget().makeGate(key, limits), sharedBudget().makeGate(key, limits)];
		await first.pauseUntil(Date.now() + 50);
		const unanswered = await admitSent(second, measuredBound(400));
		let admitted = false;
		const next = admitSent(first, measuredBound(400)).then((call) => {
			admitted = true;
			return call;
		});
		// With a bound the place would have freed after about 1.11 s; unbounded, it waits for the answer.
		// Nothing marks a call that is not admitted: wait past that, then look.
		await sleep(1500);
		expect(admitted).toBe(false);
		const answeredAt = Date.now();
		unanswered.answered();
		(await next).answered();
		expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(900);
	});

	it('a pause set by one process holds the other', async () => {
		const key = freshKey();
		const [first, second] = [sharedBudget().makeGate(key, DEFAULT_LIMITS), sharedBudget().makeGate(key, DEFAULT_LIMITS)];
		const until = Date.now() + 600;
		await first.pauseUntil(until);
		await answered(second);
		expect(Date.now()).toBeGreaterThanOrEqual(until);
		const pttl = await admin.pttl(`seqera:budget:{${key}}:pause`);
		expect(pttl).toBeGreaterThan(0);
		expect(pttl).toBeLessThanOrEqual(1000);
	});

	it('holds the hour limit, and a cancelled execution stops waiting', async () => {
		const key = freshKey();
		const gate = sharedBudget().makeGate(key, { maxCallsPerSecond: 10, maxCallsPerHour: 3, spacingMs: 0 });
		for (let call = 0; call < 3; call++) await answered(gate);
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 200);
		await expect(gate.admit(new ArrivalBound(), controller.signal)).rejects.toBeInstanceOf(CancelledError);
		expect(await startScores(key)).toHaveLength(3);
		// A caller queued behind the cancelled one is not stuck behind it.
		const next = new AbortController();
		const waiting = gate.admit(new ArrivalBound(), next.signal);
		next.abort();
		await expect(waiting).rejects.toBeInstanceOf(CancelledError);
	});

	it('keeps its keys under the hash of base URL and token, with expiries, and never the token', async () => {
		const token = 'secret-token-text-1234';
		const baseUrl = 'https://seqera.example/api';
		const key = budgetKey(baseUrl, token);
		const limiter = new TokenLimiter(sharedBudget().makeGate);
		const budget = { baseUrl, token, maxCallsPerSecond: 20, maxCallsPerHour: 72000 };
		await Promise.all([1, 2, 3].map(async () => await limiter.withinBudget(budget, async () => undefined)));
		await limiter.pause(budget, Date.now() + 5000);

		const keys = (await admin.keys(`seqera:budget:{${key}}:*`)).sort();
		expect(keys).toEqual(
			['second', 'answers', 'bounds', 'hour', 'last', 'pause', 'cautious'].map((name) => `seqera:budget:{${key}}:${name}`).sort(),
		);
		const ttl = async (name: string) => await admin.pttl(`seqera:budget:{${key}}:${name}`);
		expect(await ttl('second')).toBeGreaterThan(1000);
		// A call in flight holds its place for at most a minute, should its process die before the answer.
		expect(await ttl('second')).toBeLessThanOrEqual(62_000);
		expect(await ttl('hour')).toBeGreaterThan(3_600_000);
		// An hour, plus the minute a start with no arrival bound counts beyond it, plus a minute.
		expect(await ttl('hour')).toBeLessThanOrEqual(3_720_000);
		expect(await ttl('last')).toBeGreaterThan(0);
		expect(await ttl('last')).toBeLessThanOrEqual(DEFAULT_LIMITS.spacingMs + 1000);
		expect(await ttl('pause')).toBeGreaterThan(4000);
		expect(await ttl('pause')).toBeLessThanOrEqual(6000);
		expect(await ttl('cautious')).toBeGreaterThan(55_000);
		expect(await ttl('cautious')).toBeLessThanOrEqual(60_000);

		// Everything Redis holds, from every test so far: no token, no base URL.
		const dump: string[] = [];
		for (const name of await admin.keys('*')) {
			dump.push(name);
			const type = await admin.type(name);
			if (type === 'zset') dump.push(...(await admin.zrange(name, 0, -1, 'WITHSCORES')));
			else if (type === 'string') dump.push((await admin.get(name)) ?? '');
			else if (type === 'hash') dump.push(...Object.entries(await admin.hgetall(name)).flat());
			// A `last` key lives about a second: it may expire between the listing and this read, and then holds nothing.
			else if (type !== 'none') throw new Error(`unexpected ${type} key ${name}`);
		}
		const text = dump.join('\n');
		expect(text).toContain(key);
		expect(text).not.toContain(token);
		expect(text).not.toContain('seqera.example');
	});

	it("works on a Redis Cluster: all of a token's keys share one slot", async () => {
		const node = await startRedisServer({
			args: ['--cluster-enabled', 'yes', '--cluster-config-file', 'nodes.conf', '--cluster-announce-ip', '127.0.0.1'],
		});
		const nodeAdmin = new Redis(node.port, '127.0.0.1');
		try {
			await nodeAdmin.call('CLUSTER', 'ADDSLOTSRANGE', '0', '16383');
			await until(
				'the one-node cluster ready',
				async () => ((await nodeAdmin.call('CLUSTER', 'INFO')) as string).includes('cluster_state:ok'),
				10_000,
				{ everyMs: 100 },
			);
			const key = freshKey();
			const warn = jest.fn();
			const budget = sharedBudget(
				{ kind: 'cluster', nodes: [{ host: '127.0.0.1', port: node.port }], options: {}, label: 'cluster' },
				warn,
			);
			const gate = budget.makeGate(key, DEFAULT_LIMITS);
			for (let call = 0; call < 3; call++) await answered(gate);
			await gate.pauseUntil(Date.now() + 100);
			expect(warn).not.toHaveBeenCalled();
			expect(await nodeAdmin.zcard(`seqera:budget:{${key}}:hour`)).toBe(3);
			await budget.close();
		} finally {
			nodeAdmin.disconnect();
			await node.stop();
		}
	});

	it('without Redis, keeps to the local share and warns once; uses Redis again once it is back', async () => {
		// It comes back on the same port, one no other server a test starts takes while it is down.
		const spare = await startRedisServer({ port: await stablePort() });
		const warn = jest.fn();
		const budget = sharedBudget({ kind: 'url', url: spare.url, label: 'the spare Redis' }, warn);
		const key = freshKey();
		const gate = budget.makeGate(key, DEFAULT_LIMITS);
		await answered(gate);
		expect(warn).not.toHaveBeenCalled();

		await spare.stop();
		const asked = Date.now();
		for (let call = 0; call < 4; call++) await answered(gate);
		// 1/4 of 20 calls per second: starts 202 ms apart.
		expect(Date.now() - asked).toBeGreaterThanOrEqual(3 * 202 - 5);
		expect(warn).toHaveBeenCalledTimes(1);
		expect(warn.mock.calls[0][0]).toMatch(/Redis at the spare Redis is out of reach .* keeps to 1\/4 of each access token's budget/);

		const back = await startRedisServer({ port: spare.port });
		const backAdmin = new Redis(back.port, '127.0.0.1');
		try {
			const deadline = Date.now() + 5000;
			while ((await backAdmin.zcard(`seqera:budget:{${key}}:hour`)) === 0) {
				if (Date.now() > deadline) throw new Error('the gate never went back to Redis');
				await answered(gate);
			}
			expect(warn).toHaveBeenCalledTimes(1);
		} finally {
			await budget.close();
			backAdmin.disconnect();
			await back.stop();
		}
	});

	it('a Redis that stops answering: the gate keeps to its local share once a command has waited a second, and warns once', async () => {
		const hung = await startRedisServer();
		const warn = jest.fn();
		const budget = sharedBudget({ kind: 'url', url: hung.url, label: 'the hung Redis' }, warn);
		const gate = budget.makeGate(freshKey(), DEFAULT_LIMITS);
		try {
			await answered(gate);
			hung.freeze();
			const asked = performance.now();
			await answered(gate);
			// A lower bound: the call waited for the frozen Redis before it fell back.
			expect(performance.now() - asked).toBeGreaterThanOrEqual(1000);
			expect(warn).toHaveBeenCalledTimes(1);
			expect(warn.mock.calls[0][0]).toMatch(/Redis at the hung Redis is out of reach \(Redis did not answer within 1000 ms\)/);
		} finally {
			await budget.close();
			await hung.stop();
		}
	});

	it('a reply that arrived while the process stalled past the command timeout counts: the process stays on Redis', async () => {
		const warn = jest.fn();
		const budget = sharedBudget(undefined, warn);
		const key = freshKey();
		const gate = budget.makeGate(key, DEFAULT_LIMITS);
		await answered(gate);
		const client = (await budget.usableClient())!;
		const admit = client.seqeraBudgetAdmit.bind(client);
		jest.spyOn(client, 'seqeraBudgetAdmit').mockImplementationOnce((...args: Parameters<typeof admit>) => {
			const reply = admit(...args);
			// Once the command is written and its timeout set, the process stalls for 1.5 s (a busy
			// machine, a long garbage collection) while Redis answers; Node then runs its due timers
			// before it reads the reply.
			queueMicrotask(() => {
				const stalledUntil = Date.now() + 1500;
				while (Date.now() < stalledUntil);
			});
			return reply;
		});
		await answered(gate);
		expect(warn).not.toHaveBeenCalled();
		expect(await budget.usableClient()).toBe(client);
		expect(await admin.zcard(`seqera:budget:{${key}}:hour`)).toBe(2);
	});

	it('a failed command makes the client unusable at once, though it still reads ready until its socket closes', async () => {
		const budget = sharedBudget();
		const client = await budget.usableClient();
		expect(client?.status).toBe('ready');
		budget.failed(new Error('connection lost'));
		// ioredis changes the status only on the socket's close event; a gate asking again in microtasks
		// would otherwise be handed the same dead client, fail, and ask again without end.
		expect(client?.status).toBe('ready');
		expect(await budget.usableClient()).toBeUndefined();
		const gate = budget.makeGate(freshKey(), DEFAULT_LIMITS);
		// The gate keeps to its local share without sending a command through the dead client (which would
		// wait out the command timeout).
		const commands = jest.spyOn(client!, 'sendCommand');
		await answered(gate);
		expect(commands).not.toHaveBeenCalled();
	});

	it('without Redis from the start, falls back at once', async () => {
		const spare = await startRedisServer();
		await spare.stop();
		const warn = jest.fn();
		const gate = sharedBudget({ kind: 'url', url: spare.url, label: 'nowhere' }, warn).makeGate(freshKey(), DEFAULT_LIMITS);
		const asked = Date.now();
		await answered(gate);
		// A refused connection fails at once; the bound is the connect timeout (2 s) the gate would otherwise
		// wait out, far above the milliseconds it takes on a busy machine.
		expect(Date.now() - asked).toBeLessThan(2000);
		expect(warn).toHaveBeenCalledTimes(1);
	});
});
