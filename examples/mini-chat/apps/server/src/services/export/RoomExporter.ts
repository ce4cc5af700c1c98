import { QueueWorker, ServiceClass } from '@mini-chat/core-services';

/** Exports a room in one format; each format is its own service, named by its subclass. */
export abstract class RoomExporter extends ServiceClass {
	protected name = 'exporter';

	async exportRoom(roomId: string): Promise<void> {
		// Which service writes the file depends on the subclass: the key is known only at run time.
		await QueueWorker.queueWork('work', `${this.name}.writeFile`, { roomId });
	}

	abstract writeFile(job: { roomId: string }): Promise<void>;
}

export class CsvExporter extends RoomExporter {
	protected name = 'csv-exporter';

	async writeFile(job: { roomId: string }): Promise<void> {
		console.log(`csv export of ${job.roomId}`);
	}
}
