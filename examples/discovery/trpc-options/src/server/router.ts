import { findTask, insertTask, listTasks } from "./db";
import { t } from "./trpc";

const taskRouter = t.router({
	add: t.procedure.input((v: unknown) => String(v)).mutation(({ input }) => insertTask(input)),
	byId: t.procedure.input((v: unknown) => String(v)).query(({ input }) => findTask(input)),
	list: t.procedure.query(() => listTasks()),
});

export const appRouter = t.router({
	task: taskRouter,
});

export type AppRouter = typeof appRouter;
