import { JOB_NAMES } from "./constants";
import { getBackgroundJobDefinition } from "./definitions";

declare const queue: { add(name: string, data: unknown): Promise<void> };

const enqueueBackgroundJob = async (jobName: string, data: { id: string }) => {
	const definition = getBackgroundJobDefinition(jobName);
	if (!definition) throw new Error(`No job ${jobName}`);
	return queue.add(definition.name, data);
};

export const enqueueTestLogJob = (data: { id: string }) => enqueueBackgroundJob(JOB_NAMES.testLog, data);
export const enqueueResponsePipelineJob = (data: { id: string }) => enqueueBackgroundJob(JOB_NAMES.responsePipeline, data);
export const enqueueWorkflowRunJob = (data: { id: string }) => enqueueBackgroundJob(JOB_NAMES.workflowRun, data);
