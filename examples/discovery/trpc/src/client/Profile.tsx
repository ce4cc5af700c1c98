import { trpc } from "./trpc";

export function Profile({ id }: { id: string }) {
	const user = trpc.user.byId.useQuery(id);
	const rename = trpc.user.rename.useMutation();
	return { user, rename: (name: string) => rename.mutate({ id, name }) };
}
