import { archivePost, listPosts, publishPost } from "../db";
import { publicProcedure, router } from "../trpc";

export const postRouter = router({
	list: publicProcedure.query(() => listPosts()),
	create: publicProcedure.input((v: unknown) => String(v)).mutation(({ input }) => publishPost(input)),
	// Written inline with a block body: a definition of its own, not the router's code.
	archive: publicProcedure
		.input((v: unknown) => String(v))
		.mutation(async ({ input }) => {
			return await archivePost(input);
		}),
});
