/**
 * The names of the launch fields: the descriptions in actions/ declare them, and the launch in runs/
 * reads them, so the two cannot drift apart.
 */
export const LAUNCH_SETTINGS_FIELD = 'launchSettings';
export const PIPELINE_PARAMETERS_FIELD = 'pipelineParameters';
export const DATASET_INPUTS_FIELD = 'datasetInputs';
