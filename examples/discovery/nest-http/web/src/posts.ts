import { useFetch } from "./fetch";

// Keys whose run-time parts are only in the query: the path is the route's.
export async function loadWeek(week: string) {
	const fetch = useFetch();
	return (await fetch(`/posts?${new URLSearchParams({ week })}`)).json();
}

export async function loadList(page: number) {
	const fetch = useFetch();
	return (await fetch(`/posts/list?page=${page}&size=${20}`)).json();
}

// A parameter, then a query added only sometimes: still `GET /posts/:id`.
export async function openPost(id: string, preview: boolean) {
	const fetch = useFetch();
	return (await fetch(`/posts/${id}${preview ? "?preview=true" : ""}`)).json();
}

export async function movePost(id: string, date: string) {
	const fetch = useFetch();
	return fetch(`/posts/${id}?date=${encodeURIComponent(date)}`, { method: "PUT", body: JSON.stringify({}) });
}

// The method is decided at run time: PUT or POST, never the `GET /posts` route.
export async function savePost(id: string | undefined, body: unknown) {
	const fetch = useFetch();
	return fetch("/posts", { method: id ? "PUT" : "POST", body: JSON.stringify(body) });
}

// A form that saves or creates, and reloads the list: the list's key has both sides on its own.
export async function saveAndReload(body: { id?: string }) {
	const fetch = useFetch();
	await fetch("/posts/list", { method: body.id ? "PUT" : "POST", body: JSON.stringify(body) });
	return fetch("/posts/list");
}

// A query glued on with `+`: the path before it is the route's.
export async function loadFrom(date: string) {
	const fetch = useFetch();
	return (await fetch("/posts/list?from=" + encodeURIComponent(date))).json();
}
