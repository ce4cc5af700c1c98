export const JOBS_QUEUE_NAME = "background-jobs";
export const JOB_NAMES = {
	responsePipeline: "response-pipeline.process",
	testLog: "system.test-log",
	workflowRun: "workflow-run.process",
} as const;
