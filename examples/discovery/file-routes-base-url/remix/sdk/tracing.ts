/** A span around some work (the shape of an OpenTelemetry helper). */
export async function withSpan<T>(name: string, work: (span: Map<string, string>) => Promise<T>): Promise<T> {
	const span = new Map<string, string>([["name", name]]);
	return work(span);
}
