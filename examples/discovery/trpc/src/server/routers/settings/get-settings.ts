import { publicProcedure } from "../../trpc";

export const getSettingsRoute = publicProcedure.query(() => ({ theme: "light", locale: "en" }));
