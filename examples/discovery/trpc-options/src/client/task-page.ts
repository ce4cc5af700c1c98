import { useSuspenseQuery } from "@tanstack/react-query";
import { useTRPC } from "./trpc";

export function TaskPage(id: string) {
	const trpc = useTRPC();
	return useSuspenseQuery(trpc.task.byId.queryOptions(id));
}
