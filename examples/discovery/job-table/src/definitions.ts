import { JOB_NAMES } from "./constants";
import { processResponsePipelineJob, processTestLogJob, processWorkflowRunJob } from "./processors/all";

interface Definition {
	name: string;
	handle: (data: { id: string }) => Promise<void>;
}
const toDefinition = (d: Definition): Definition => d;

export const backgroundJobDefinitions: Record<string, Definition> = {
	[JOB_NAMES.responsePipeline]: toDefinition({ handle: processResponsePipelineJob, name: JOB_NAMES.responsePipeline }),
	[JOB_NAMES.testLog]: toDefinition({ handle: processTestLogJob, name: JOB_NAMES.testLog }),
	[JOB_NAMES.workflowRun]: toDefinition({ handle: processWorkflowRunJob, name: JOB_NAMES.workflowRun }),
};

export const getBackgroundJobDefinition = (jobName: string): Definition | undefined => backgroundJobDefinitions[jobName];
