import { findUser, renameUser } from "../db";
import { publicProcedure, router } from "../trpc";

export const userRouter = router({
	byId: publicProcedure.input((v: unknown) => String(v)).query(({ input }) => findUser(input)),
	rename: publicProcedure
		.input((v: unknown) => v as { id: string; name: string })
		.mutation(({ input }) => renameUser(input.id, input.name)),
});
