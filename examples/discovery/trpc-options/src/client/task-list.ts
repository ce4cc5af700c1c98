import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "./trpc";

/** The query library is handed the procedures' options and sends them. */
export function TaskList() {
	const trpc = useTRPC();
	const queryClient = useQueryClient();
	const { data } = useQuery(trpc.task.list.queryOptions());
	const add = useMutation(
		trpc.task.add.mutationOptions({
			// Names the procedure for the cache only: no send of its own.
			onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.task.byId.queryKey() }),
		}),
	);
	return { data, add };
}

/** The library's own `queryOptions` (no proxy) sends nothing. */
export const settings = queryOptions({ queryKey: ["settings"], queryFn: () => ({ theme: "dark" }) });
