import { postRouter } from "./routers/post";
import { settingsRouter } from "./routers/settings/router";
import { userRouter } from "./routers/user";
import { publicProcedure, router } from "./trpc";

export const appRouter = router({
	user: userRouter,
	post: postRouter,
	settings: settingsRouter,
	admin: router({
		stats: publicProcedure.query(() => ({ users: 1, posts: 2 })),
	}),
});

export type AppRouter = typeof appRouter;
