import { ArrivalBound, CAUTION_MS, JITTER_SHARE, SAFETY_MARGIN_MS } from '../../nodes/Seqera/transport';

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

	it('is the jitter share of the fastest one-way time and the margin', () => {
		const roundTrips = [420, 380, 900, 360, 700, 500, 450, 610];
		expect(measured(roundTrips).boundMs(T0)).toBe(Math.ceil(JITTER_SHARE * (360 / 2) + SAFETY_MARGIN_MS));
	});

	it('takes the fastest of the last 512 round trips, so a fast one seen a while ago still counts', () => {
		const bound = measured([...Array.from({ length: 8 }, () => 100), ...Array.from({ length: 500 }, () => 1000)]).boundMs(T0);
		expect(bound).toBeGreaterThanOrEqual(Math.ceil(JITTER_SHARE * 50 + SAFETY_MARGIN_MS));
		expect(bound).toBeLessThan(Math.ceil(JITTER_SHARE * 500 + SAFETY_MARGIN_MS));
	});

	it('forgets round trips older than the last 512', () => {
		const bound = measured([...Array.from({ length: 8 }, () => 100), ...Array.from({ length: 512 }, () => 1000)]);
		expect(bound.boundMs(T0)).toBeGreaterThanOrEqual(Math.ceil(JITTER_SHARE * 500 + SAFETY_MARGIN_MS));
	});

	it('judges whether answers come back within the bound by the median of the last 64 only', () => {
		const slowThenFast = [...Array.from({ length: 64 }, () => 1000), ...Array.from({ length: 64 }, () => 3)];
		expect(measured(slowThenFast).boundMs(T0)).toBe(Infinity);
		const fastThenSlow = [...Array.from({ length: 64 }, () => 3), ...Array.from({ length: 64 }, () => 1000)];
		expect(measured(fastThenSlow).boundMs(T0)).toBeLessThan(Infinity);
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
