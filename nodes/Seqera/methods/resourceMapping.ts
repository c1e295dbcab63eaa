/** The node's field forms (`resourceMapperMethod`), by the names its fields and saved workflows use. */
export { getApiOperationParameters } from './apiOperations';
export { getPipelineParameters } from './launchForm';
