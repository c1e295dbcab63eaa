/**
 * Names of fields that the descriptions in actions/ declare and the logic in runs/ reads, or quotes in
 * its errors, so the two cannot drift apart.
 */
export const LAUNCH_SETTINGS_FIELD = 'launchSettings';
export const PIPELINE_PARAMETERS_FIELD = 'pipelineParameters';
export const DATASET_INPUTS_FIELD = 'datasetInputs';
/** The Version field of a Launchpad pipeline (a locator). */
export const PIPELINE_VERSION_FIELD = 'pipelineVersion';
/** The display name of the labels field, as errors about it quote it. */
export const LABELS_FIELD = 'Labels';
/**
 * The launch setting that sends the run's Nextflow events to a Seqera Nextflow Events trigger: version
 * 1.3's URL, version 1.4's trigger's workflow or URL. One name for both, so that the one display rule n8n
 * reads for a credential shows the events credential whichever of the two a node has.
 */
export const EVENTS_DESTINATION_SETTING = 'nextflowEventsUrl';
/** Version 1.4's two destinations of the events, and the field of each. */
export const EVENTS_TO_WORKFLOW = 'workflow';
export const EVENTS_WORKFLOW_FIELD = 'workflowId';
export const EVENTS_TO_URL = 'url';
export const EVENTS_URL_FIELD = 'url';
/** The credential with the basic-auth pair Nextflow sends with the events, and the trigger checks. */
export const NEXTFLOW_EVENTS_CREDENTIAL = 'seqeraNextflowEventsApi';
