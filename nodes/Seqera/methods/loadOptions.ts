/** The node's option lists (`loadOptionsMethod`), by the names its fields and saved workflows use. */
export { getConfigProfiles, getDatasetParameters } from './launchForm';
export { getMountableDataLinks } from './studioSearch';
export { getWorkspaceRoles } from './roleOptions';
