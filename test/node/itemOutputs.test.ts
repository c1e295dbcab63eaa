import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

describe('what an operation outputs', () => {
	it('Custom API Call outputs answer objects that hold a "json" field exactly as they came', async () => {
		const answer = [
			{ json: { input: 's3://bucket/a.csv' }, name: 'first' },
			{ json: { input: 's3://bucket/b.csv' }, binary: 'not binary data' },
		];
		platform.sim.addFault({ method: 'GET', path: /^\/workflow$/, kind: 'answer', answer });
		const result = await platform.run({
			resource: 'customApiCall',
			operation: 'request',
			method: 'GET',
			path: '/workflow',
			...workspaceParameter(GENOMICS),
		});
		expect(result.outputs[0]).toEqual(answer.map((json) => ({ json, pairedItem: { item: 0 } })));
	});
});
