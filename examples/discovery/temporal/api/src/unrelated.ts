/** Names that look like workflows but are no Temporal call: not joined. */
export function billingWorkflow() {
	return "billing";
}

export function startAll(runner: { start(name: string): void }, wizard: { workflow: { next(n: string): void } }) {
	runner.start("orderWorkflow");
	wizard.workflow.next("shipmentWorkflow");
}
