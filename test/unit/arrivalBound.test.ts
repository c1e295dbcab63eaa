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

	it('on a short path, where the fastest answer comes back within the bound, gives none: the answer counts', () => {
		expect(measured([3, 4, 5, 4, 6, 3, 90, 5]).boundMs(T0)).toBe(Infinity);
	});

	it('judges the path by its fastest round trip, which a stalled process does not lengthen: answers read late on loopback give no bound', () => {
		// A process that other work stalls reads most answers tens of ms late; the path answered in 2 ms.
		const readLate = [2, ...Array.from({ length: 63 }, (_, index) => 20 + (index % 40))];
		expect(measured(readLate).boundMs(T0)).toBe(Infinity);
		// A path whose fastest round trip is longer than the bound would be has one, however the rest spread.
		const wan = [180, ...Array.from({ length: 63 }, (_, index) => 200 + 5 * index)];
		expect(measured(wan).boundMs(T0)).toBe(Math.ceil(JITTER_SHARE * 90 + SAFETY_MARGIN_MS));
	});

	it('gives no bound for a minute after a 429', () => {
		const bound = measured(Array.from({ length: 8 }, () => 400));
		bound.beCautious(T0);
		expect(bound.boundMs(T0 + CAUTION_MS - 1)).toBe(Infinity);
		expect(bound.boundMs(T0 + CAUTION_MS)).toBeLessThan(Infinity);
	});
});
