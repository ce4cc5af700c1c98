import { insertNote, listNotes, removeNote } from "./db";
import { t } from "./trpc";

const noteRouter = t.router({
	add: t.procedure.input((v: unknown) => String(v)).mutation(({ input }) => insertNote(input)),
	remove: t.procedure.input((v: unknown) => String(v)).mutation(({ input }) => removeNote(input)),
	list: t.procedure.query(() => listNotes()),
});

export const appRouter = t.router({
	note: noteRouter,
});

export type AppRouter = typeof appRouter;
