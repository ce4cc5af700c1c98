import { publicProcedure } from "../../trpc";

export const updateDigestFrequencyRoute = publicProcedure
	.input((v: unknown) => String(v))
	.mutation(({ input }) => ({ frequency: input }));
