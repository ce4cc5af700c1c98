import { scheduler } from './scheduler';

export function reportJobError(err: unknown) {
	console.error('job failed', err);
}

export function startJobs() {
	scheduler.on('error', reportJobError);
}
