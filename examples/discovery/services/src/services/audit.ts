// Named, but never registered with the broker: not a service anything dispatches to.
export class AuditTrail {
	protected name = "audit";

	record(event: string): void {
		console.info(event);
	}

	flush(): void {
		console.info("flush");
	}
}
