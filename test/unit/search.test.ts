import { buildRunSearch } from '../../nodes/Seqera/helpers/search';

describe('run search syntax', () => {
	it('combines free text and filters into the web app syntax', () => {
		expect(
			buildRunSearch('rnaseq', {
				status: 'failed',
				label: 'production',
				after: new Date('2026-11-01T08:30:00.000+01:00'),
				before: new Date('2026-11-20'),
			}),
		).toBe('rnaseq status:failed label:production after:2026-11-01 before:2026-11-20');
	});

	it('quotes values with spaces so they stay one term', () => {
		expect(buildRunSearch('', { runName: 'nightly run' })).toBe('runName:"nightly run"');
	});

	it('is empty when nothing is asked', () => {
		expect(buildRunSearch('  ', { label: '' })).toBe('');
	});
});
