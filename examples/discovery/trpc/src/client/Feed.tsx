import { trpc } from "./trpc";

export function Feed() {
	const posts = trpc.post.list.useQuery();
	const create = trpc.post.create.useMutation();
	return { posts, write: (title: string) => create.mutate(title) };
}

export function ArchiveButton() {
	const archive = trpc.post.archive.useMutation();
	return { onClick: (id: string) => archive.mutate(id) };
}

export function AdminBar() {
	return trpc.admin.stats.useQuery();
}
