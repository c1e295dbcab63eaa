import { CAUTION_MS, HOUR_MS, MAX_BOUND_MS, SECOND_MS, UNBOUNDED_RECHECK_MS } from './admissionRule';

/**
 * The Lua scripts of the budget shared through Redis (redisGate.ts). Each decides atomically on
 * Redis's own clock, so the processes' clocks do not matter. Per token (the SHA-256 budget key,
 * never the token) they keep, under one hash tag so a Redis Cluster holds them in one slot:
 *   seqera:budget:{key}:second    sorted set of the calls that may hold a place, scored by their start
 *   seqera:budget:{key}:sent      hash: when each of those calls' request was handed to the network
 *   seqera:budget:{key}:answers   hash: when each of those calls was answered
 *   seqera:budget:{key}:bounds    hash: each process's latest arrival bound and when it said so
 *   seqera:budget:{key}:hour      sorted set of start times in the last hour
 *   seqera:budget:{key}:last      the latest start, for the spacing
 *   seqera:budget:{key}:pause     no start before this time (after a 429)
 *   seqera:budget:{key}:cautious  present for a minute after a 429: calls get no arrival bound
 *   seqera:budget:{key}:waiting   hash: each refused interactive caller and when it will ask again,
 *                                 live until WAITER_GRACE_MS past that (a dead process's lapse soon)
 * At the default limits the hour set holds at most 72 000 entries per token (a few MB).
 */
/** The keys in the order ADMIT_SCRIPT takes them as KEYS. */
export const BUDGET_KEY_NAMES = ['second', 'answers', 'bounds', 'hour', 'last', 'pause', 'cautious', 'waiting', 'sent'] as const;

export type BudgetKeys = Record<(typeof BUDGET_KEY_NAMES)[number], string>;

export function budgetKeys(key: string): BudgetKeys {
	return Object.fromEntries(BUDGET_KEY_NAMES.map((name) => [name, `seqera:budget:{${key}}:${name}`])) as BudgetKeys;
}

// A call with no arrival bound holds its place until its answer, and at most this long, so a process
// that dies mid-call frees the place at the latest then. A bound longer than this is taken as none.
const UNBOUNDED_HOLD_MS = MAX_BOUND_MS;
// A process's bound counts for every process's calls while it is this recent.
const BOUND_FRESH_MS = 2000;
/** How long each key outlives what it records. */
const SECOND_SET_TTL_MS = UNBOUNDED_HOLD_MS + 2 * SECOND_MS;
const HOUR_SET_TTL_MS = HOUR_MS + UNBOUNDED_HOLD_MS + 60_000;
const KEY_TTL_MARGIN_MS = SECOND_MS;
// An interactive caller asks again at the time it registered, late by its timer and a Redis round
// trip; past this much later it is taken as gone (its process died, or it gave up).
const WAITER_GRACE_MS = 200;
// A bulk caller held back for an interactive one asks again this long after the interactive one's
// time, so that the interactive one asks first.
const AFTER_INTERACTIVE_MS = 10;

/**
 * KEYS as BUDGET_KEY_NAMES. ARGV: per second, per hour, spacing, member (the start's ID, unique across
 * processes), this process's bound (-1: none), process ID, priority, waiter ID (one per caller, kept
 * across its asks).
 *
 * The rule is admissionRule.ts's, with the bound in force the largest that any process gave in the
 * last two seconds (none if any gave none, or for a minute after a 429): each process measures the
 * network on its own calls. A member not yet known to be sent holds its place until a second after
 * its answer. A refused interactive caller registers when it will ask again, and while any
 * registration is live bulk callers are refused until just after it: this only orders callers.
 */
export const ADMIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local perSecond = tonumber(ARGV[1])
local perHour = tonumber(ARGV[2])
local spacing = tonumber(ARGV[3])
local bound = tonumber(ARGV[5])
if bound > ${UNBOUNDED_HOLD_MS} then bound = -1 end
redis.call('HSET', KEYS[3], ARGV[6], string.format('%.3f %.3f', bound, now))
redis.call('PEXPIRE', KEYS[3], ${SECOND_SET_TTL_MS})
local fields = redis.call('HGETALL', KEYS[3])
for i = 1, #fields, 2 do
  local given, at = string.match(fields[i + 1], '(%S+) (%S+)')
  given, at = tonumber(given), tonumber(at)
  if at <= now - ${BOUND_FRESH_MS} then redis.call('HDEL', KEYS[3], fields[i])
  elseif bound >= 0 and (given < 0 or given > bound) then bound = given end
end
if redis.call('EXISTS', KEYS[7]) == 1 then bound = -1 end
local wait = 0

local pausedUntil = redis.call('GET', KEYS[6])
if pausedUntil then wait = math.max(wait, tonumber(pausedUntil) - now) end
local last = redis.call('GET', KEYS[5])
if last then wait = math.max(wait, tonumber(last) + spacing - now) end

local holding = {}
local calls = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #calls, 2 do
  local member, start = calls[i], tonumber(calls[i + 1])
  local answeredAt = tonumber(redis.call('HGET', KEYS[2], member) or '')
  local latestPossible = start + ${UNBOUNDED_HOLD_MS}
  if answeredAt then latestPossible = math.min(latestPossible, answeredAt) end
  if latestPossible <= now - ${SECOND_MS} then
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[2], member)
    redis.call('HDEL', KEYS[9], member)
  else
    local latestArrival = answeredAt or math.huge
    if bound >= 0 then
      local sentAt = tonumber(redis.call('HGET', KEYS[9], member) or '')
      if sentAt then latestArrival = math.min(latestArrival, sentAt + bound) end
    end
    if latestArrival > now - ${SECOND_MS} then table.insert(holding, latestArrival) end
  end
end
if #holding >= perSecond then
  -- The place frees when enough calls have a latest arrival a second old.
  table.sort(holding)
  local freesAt = holding[#holding - perSecond + 1]
  if freesAt == math.huge then wait = math.max(wait, ${UNBOUNDED_RECHECK_MS})
  else wait = math.max(wait, freesAt + ${SECOND_MS} - now) end
end

redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', string.format('%.3f', now - ${HOUR_MS} - ${MAX_BOUND_MS}))
local started = redis.call('ZCARD', KEYS[4])
if started >= perHour then
  local oldest = redis.call('ZRANGE', KEYS[4], started - perHour, started - perHour, 'WITHSCORES')
  wait = math.max(wait, tonumber(oldest[2]) + ${HOUR_MS} + ${MAX_BOUND_MS} - now)
end

local interactive = ARGV[7] == 'interactive'
local waiters = redis.call('HGETALL', KEYS[8])
local lastWaiterAt = nil
for i = 1, #waiters, 2 do
  local at = tonumber(waiters[i + 1])
  if at + ${WAITER_GRACE_MS} <= now then redis.call('HDEL', KEYS[8], waiters[i])
  elseif waiters[i] ~= ARGV[8] then lastWaiterAt = math.max(lastWaiterAt or at, at) end
end
if lastWaiterAt and not interactive then
  wait = math.max(wait, lastWaiterAt + ${AFTER_INTERACTIVE_MS} - now, ${UNBOUNDED_RECHECK_MS})
end

if wait > 0 then
  if interactive then
    local at = now + math.ceil(wait)
    redis.call('HSET', KEYS[8], ARGV[8], string.format('%.3f', at))
    local lastAt = math.max(lastWaiterAt or at, at)
    redis.call('PEXPIRE', KEYS[8], math.ceil(lastAt - now) + ${WAITER_GRACE_MS})
  end
  return math.ceil(wait)
end
if interactive then redis.call('HDEL', KEYS[8], ARGV[8]) end
local start = string.format('%.3f', now)
redis.call('ZADD', KEYS[1], start, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${SECOND_SET_TTL_MS})
redis.call('ZADD', KEYS[4], start, ARGV[4])
redis.call('PEXPIRE', KEYS[4], ${HOUR_SET_TTL_MS})
redis.call('SET', KEYS[5], start, 'PX', math.ceil(spacing) + ${KEY_TTL_MARGIN_MS})
return 0
`;

/**
 * Notes the time, on Redis's clock, of a moment in a held call's life, in one of two hashes:
 * - sent: its request was handed to the network, so its request leg began by then;
 * - answers: its answer came back, so it arrived by then.
 * Either time is noted after the moment itself, which only holds the call's place longer.
 * KEYS: second, the hash. ARGV: member.
 */
export const NOTE_TIME_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('HSET', KEYS[2], ARGV[1], string.format('%.3f', now))
  redis.call('PEXPIRE', KEYS[2], ${SECOND_SET_TTL_MS})
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
