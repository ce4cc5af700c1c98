export const processResponsePipelineJob = async (data: { id: string }) => {
	console.log("pipeline", data.id);
};
export const processTestLogJob = async (data: { id: string }) => {
	console.log("log", data.id);
};
export const processWorkflowRunJob = async (data: { id: string }) => {
	console.log("run", data.id);
};
