/** Names that look like workflows but are no Temporal call: not joined. */
export function billingWorkflow() {
	return "billing";
}

export function startAll(runner: { start(name: string): void }, wizard: { workflow: { next(n: string): void } }) {
	runner.start("orderWorkflow");
	wizard.workflow.next("shipmentWorkflow");
}

/** A `.signal('cancel')` of something else, in a file importing no Temporal package: no signal. */
export function abort(job: { signal(name: string): void }) {
	job.signal("cancel");
}
