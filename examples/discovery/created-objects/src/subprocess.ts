import { EventEmitter } from 'node:events';

import { Scheduler } from './scheduler';

// An emitter subclass overriding a verb is still its own family.
export class Subprocess extends EventEmitter {
	emit(event: string, ...args: unknown[]): boolean {
		console.debug('subprocess event', event);
		return super.emit(event, ...args);
	}

	receive(message: string) {
		if (message === 'ready') this.emit('ready');
	}
}

export function onSubprocessReady() {
	console.log('ready');
}

export function onSchedulerReady() {
	console.log('scheduler ready');
}

export function watchReady(child: Subprocess, scheduler: Scheduler) {
	child.once('ready', onSubprocessReady);
	scheduler.once('ready', onSchedulerReady);
}

export function schedulerStarted(scheduler: Scheduler) {
	scheduler.emit('ready');
}
