import { ArrivalBound, CAUTION_MS, JITTER_SHARE, SAFETY_MARGIN_MS } from '../../nodes/Seqera/transport/arrivalBound';

const T0 = Date.now();

function measured(roundTripsMs: number[]): ArrivalBound {
	const bound = new ArrivalBound();
	for (const ms of roundTripsMs) bound.recordRoundTrip(ms);
	return bound;
}

describe('ArrivalBound', () => {
	it('gives no bound before eight round trips are measured', () => {
		expect(measured([400, 400, 400, 400, 400, 400, 400]).boundMs(T0)).toBe(Infinity);
		expect(measured(Array.from({ length: 8 }, () => 400)).boundMs(T0)).toBeLessThan(Infinity);
	});

	it('is the jitter share of the fastest one-way time, the event loop\'s delay and the margin', () => {
		const roundTrips = [420, 380, 900, 360, 700, 500, 450, 610];
		const bound = measured(roundTrips).boundMs(T0);
		const floor = Math.ceil(JITTER_SHARE * (360 / 2) + SAFETY_MARGIN_MS);
		expect(bound).toBeGreaterThanOrEqual(floor);
		// What the event loop adds is small in a test process that does nothing else.
		expect(bound).toBeLessThan(floor + 60);
		// Time the caller knows a call spends before its start is added.
		expect(measured(roundTrips).boundMs(T0, 25)).toBeGreaterThanOrEqual(floor + 25);
	});

	it('forgets round trips older than the last 64', () => {
		const bound = measured([...Array.from({ length: 8 }, () => 100), ...Array.from({ length: 64 }, () => 1000)]);
		expect(bound.boundMs(T0)).toBeGreaterThanOrEqual(Math.ceil(JITTER_SHARE * 500 + SAFETY_MARGIN_MS));
	});

	it('on a fast network, where the median answer comes back within the bound, gives none: the answer counts', () => {
		expect(measured([3, 4, 5, 4, 6, 3, 90, 5]).boundMs(T0)).toBe(Infinity);
	});

	it('gives no bound for a minute after a 429', () => {
		const bound = measured(Array.from({ length: 8 }, () => 400));
		bound.beCautious(T0);
		expect(bound.boundMs(T0 + CAUTION_MS - 1)).toBe(Infinity);
		expect(bound.boundMs(T0 + CAUTION_MS)).toBeLessThan(Infinity);
	});
});
