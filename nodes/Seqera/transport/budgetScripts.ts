import { CAUTION_MS } from './arrivalBound';

/**
 * The Lua scripts of the budget shared through Redis (redisGate.ts). Each decides atomically on
 * Redis's own clock, so the processes' clocks do not matter. Per token (the SHA-256 budget key,
 * never the token) they keep, under one hash tag so a Redis Cluster holds them in one slot:
 *   seqera:budget:{key}:second    sorted set: each call scored by its latest arrival (slidingWindow.ts)
 *   seqera:budget:{key}:hour      sorted set of start times in the last hour
 *   seqera:budget:{key}:last      the latest start, for the spacing
 *   seqera:budget:{key}:pause     no start before this time (after a 429)
 *   seqera:budget:{key}:cautious  present for a minute after a 429: calls get no arrival bound
 * At the default limits the hour set holds at most 72 000 entries per token (a few MB).
 */
export function budgetKeys(key: string): BudgetKeys {
	const prefix = `seqera:budget:{${key}}`;
	return {
		second: `${prefix}:second`,
		hour: `${prefix}:hour`,
		last: `${prefix}:last`,
		pause: `${prefix}:pause`,
		cautious: `${prefix}:cautious`,
	};
}

export interface BudgetKeys {
	second: string;
	hour: string;
	last: string;
	pause: string;
	cautious: string;
}

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
// A call with no arrival bound is scored this far ahead until its answer sets its score, so a
// process that dies mid-call frees the place at the latest then.
const UNBOUNDED_HOLD_MS = 60_000;
// A bound longer than this is taken as none; a score further ahead than it is an unbounded call.
export const MAX_BOUND_MS = 30_000;
// When the place to wait for belongs to an unbounded call still waiting for its answer, ask again this soon.
const UNBOUNDED_RECHECK_MS = 5;
/** How long each key outlives what it records. */
const SECOND_SET_TTL_MS = UNBOUNDED_HOLD_MS + 2 * SECOND_MS;
const HOUR_SET_TTL_MS = HOUR_MS + UNBOUNDED_HOLD_MS + 60_000;
const KEY_TTL_MARGIN_MS = SECOND_MS;

/** KEYS: second, hour, last, pause, cautious. ARGV: per second, per hour, spacing, member, bound (-1: none). */
export const ADMIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local perSecond = tonumber(ARGV[1])
local perHour = tonumber(ARGV[2])
local spacing = tonumber(ARGV[3])
local bound = tonumber(ARGV[5])
if bound < 0 or bound > ${MAX_BOUND_MS} or redis.call('EXISTS', KEYS[5]) == 1 then bound = -1 end
local hourExtra = ${UNBOUNDED_HOLD_MS}
if bound >= 0 then hourExtra = bound end
local wait = 0

local pausedUntil = redis.call('GET', KEYS[4])
if pausedUntil then wait = math.max(wait, tonumber(pausedUntil) - now) end
local last = redis.call('GET', KEYS[3])
if last then wait = math.max(wait, tonumber(last) + spacing - now) end

redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', string.format('%.3f', now - ${SECOND_MS}))
local held = redis.call('ZCARD', KEYS[1])
if held >= perSecond then
  -- The call whose latest arrival must be a second old before one more fits.
  local entry = redis.call('ZRANGE', KEYS[1], held - perSecond, held - perSecond, 'WITHSCORES')
  local latestArrival = tonumber(entry[2])
  if latestArrival - now > ${MAX_BOUND_MS} then wait = math.max(wait, ${UNBOUNDED_RECHECK_MS})
  else wait = math.max(wait, latestArrival + ${SECOND_MS} - now) end
end

redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', string.format('%.3f', now - ${HOUR_MS} - hourExtra))
local started = redis.call('ZCARD', KEYS[2])
if started >= perHour then
  local oldest = redis.call('ZRANGE', KEYS[2], started - perHour, started - perHour, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + ${HOUR_MS} + hourExtra - now)
end

if wait > 0 then return math.ceil(wait) end
local start = string.format('%.3f', now)
local latestArrival = now + ${UNBOUNDED_HOLD_MS}
if bound >= 0 then latestArrival = now + bound end
redis.call('ZADD', KEYS[1], string.format('%.3f', latestArrival), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${SECOND_SET_TTL_MS})
redis.call('ZADD', KEYS[2], start, ARGV[4])
redis.call('PEXPIRE', KEYS[2], ${HOUR_SET_TTL_MS})
redis.call('SET', KEYS[3], start, 'PX', math.ceil(spacing) + ${KEY_TTL_MARGIN_MS})
return 0
`;

/** The answer came back: the call arrived by now. KEYS: second. ARGV: member. */
export const SETTLE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local latestArrival = redis.call('ZSCORE', KEYS[1], ARGV[1])
if latestArrival and tonumber(latestArrival) > now then
  redis.call('ZADD', KEYS[1], 'XX', string.format('%.3f', now), ARGV[1])
end
return 0
`;

/**
 * After a 429: no start for a while, and no arrival bound for a minute. Takes a duration, not a
 * time: Redis's clock sets the end, like every other time it keeps. KEYS: pause, cautious. ARGV: ms.
 */
export const PAUSE_SCRIPT = `
local time = redis.call('TIME')
local untilMs = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000 + tonumber(ARGV[1])
redis.call('SET', KEYS[2], '1', 'PX', ${CAUTION_MS})
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) >= untilMs then return 0 end
redis.call('SET', KEYS[1], string.format('%.3f', untilMs), 'PX', math.ceil(tonumber(ARGV[1])) + ${KEY_TTL_MARGIN_MS})
return 1
`;
