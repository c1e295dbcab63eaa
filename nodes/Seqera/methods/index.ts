/** The methods n8n looks up by name for the nodes' fields and credential test, one group per kind. */
export * as credentialTest from './connectionTest';
export * as listSearch from './listSearch';
export * as loadOptions from './loadOptions';
export * as resourceMapping from './resourceMapping';
