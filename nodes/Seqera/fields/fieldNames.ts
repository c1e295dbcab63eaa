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
/** Version 1.3's launch setting that sends the run's Nextflow events to a Seqera Nextflow Events trigger. */
export const EVENTS_URL_SETTING = 'nextflowEventsUrl';
/** The credential with the basic-auth pair Nextflow sends with the events, and the trigger checks. */
export const NEXTFLOW_EVENTS_CREDENTIAL = 'seqeraNextflowEventsApi';
