/** The node's searchable lists (`searchListMethod`), by the names its fields and saved workflows use. */
export { searchApiOperations } from './apiOperations';
export { searchAllComputeEnvs, searchWorkspaceCredentials } from './computeEnvSearch';
export { searchRevisions } from './launchForm';
export { searchOrganizationMembers, searchOrganizations, searchTeamMembers, searchTeams, searchWorkspaceParticipants } from './orgSearch';
export { searchPipelineSecrets } from './secretSearch';
export { searchStudios, searchStudioTemplates } from './studioSearch';
export {
	searchActions,
	searchAllActions,
	searchAllLabels,
	searchComputeEnvs,
	searchDataLinks,
	searchDatasets,
	searchLabels,
	searchPipelines,
	searchPipelineVersions,
	searchRuns,
	searchWorkspaces,
} from './workspaceSearch';
