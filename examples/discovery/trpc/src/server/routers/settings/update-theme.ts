import { publicProcedure } from "../../trpc";

export const updateThemeRoute = publicProcedure
	.input((v: unknown) => String(v))
	.mutation(({ input }) => ({ theme: input }));
