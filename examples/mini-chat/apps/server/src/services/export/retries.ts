/** Failed exports wait here for the next sweep; its `queueWork` only remembers the job. */
const queueService = {
	pending: [] as string[],
	queueWork(queue: string, to: string): void {
		this.pending.push(`${queue}:${to}`);
	},
};

export function retryExport(): void {
	queueService.queueWork('retry', 'csv-exporter.writeFile');
}
