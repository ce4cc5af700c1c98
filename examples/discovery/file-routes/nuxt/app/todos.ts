declare function $fetch<T>(url: string, opts?: { method?: string; body?: unknown }): Promise<T>;
declare function useRequestFetch(): typeof $fetch;

export function addTodo(title: string) {
	return $fetch("/api/todos", { method: "POST", body: { title } });
}

export function toggleTodo(id: number) {
	return $fetch(`/api/todos/${id}`, { method: "PATCH", body: { completed: 1 } });
}

export function loadTodos() {
	// A fetch the framework hands out, called at once.
	return useRequestFetch()("/api/todos");
}
