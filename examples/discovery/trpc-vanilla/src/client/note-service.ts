import type { trpc as Client } from "./client";

/** A client held in a field: its calls name the procedure below the field. */
export class NoteService {
	constructor(private readonly trpc: typeof Client) {}

	add(text: string) {
		return this.trpc.note.add.mutate(text);
	}

	list() {
		return this.trpc.note.list.query();
	}
}
