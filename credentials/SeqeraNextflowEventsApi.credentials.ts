import type { ICredentialType, INodeProperties } from 'n8n-workflow';

/**
 * The basic-auth pair a run's Nextflow sends with each of its events (the weblog scope's `basicToken`),
 * and that the Seqera Nextflow Events trigger requires: the launch node sends it, the trigger checks it.
 * n8n's own Basic Auth credential belongs to another package, which a community node may not use.
 */
export class SeqeraNextflowEventsApi implements ICredentialType {
	name = 'seqeraNextflowEventsApi';

	displayName = 'Seqera Nextflow Events API';

	icon = 'file:../icons/seqera.svg' as const;

	documentationUrl = 'https://github.com/nextflow-io/nf-weblog#configuration';

	properties: INodeProperties[] = [
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			description: 'Any name without a colon; Nextflow sends it as the basic-auth user of each event',
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"A long random secret. A launch by Seqera Platform node version 1.5 puts a secret made from it for the run's name " +
				"into the run's Nextflow config; versions 1.3 and 1.4 put the password itself, which anyone who can read the run's " +
				'launch can read.',
		},
	];
}
