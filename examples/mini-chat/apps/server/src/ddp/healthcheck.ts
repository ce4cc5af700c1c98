/** The health endpoint's own little server object: its `methods` lists the HTTP verbs it answers, not DDP methods. */
const server = {
	verbs: [] as string[],
	methods(allowed: Record<string, boolean>): void {
		this.verbs = Object.keys(allowed).filter((verb) => allowed[verb]);
	},
};

server.methods({ GET: true, HEAD: true });

export const healthVerbs = (): string[] => server.verbs;
