export async function triggerTask(taskId: string, payload: unknown) {
	return { id: `${taskId}-run`, payload };
}

export async function findTask(taskId: string) {
	return { id: taskId };
}

export async function cancelRun(runId: string) {
	return { id: runId, status: "canceled" };
}

export async function pauseQueue(queue: string) {
	return { queue, paused: true };
}
