import { listPosts, publishPost } from "../db";
import { publicProcedure, router } from "../trpc";

export const postRouter = router({
	list: publicProcedure.query(() => listPosts()),
	create: publicProcedure.input((v: unknown) => String(v)).mutation(({ input }) => publishPost(input)),
});
