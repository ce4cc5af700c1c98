import { EventEmitter } from 'node:events';

// The scheduler reports its failures as `error` events on itself.
export class Scheduler extends EventEmitter {
	tick() {
		try {
			this.runDueJobs();
		} catch (err) {
			this.emit('error', err);
		}
	}

	runDueJobs() {
		throw new Error('no jobs');
	}
}

export const scheduler = new Scheduler();
