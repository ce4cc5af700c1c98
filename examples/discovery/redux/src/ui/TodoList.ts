import { colorAdded, statusChanged } from "../store/filters";
import { sessionExpired } from "../store/session";
import { dispatch } from "../store/store";
import { todoAdded, todosActions, todoToggled } from "../store/todos";

export function addTodo(text: string) {
	dispatch(todoAdded({ id: String(Date.now()), text, done: false }));
}

export function toggle(id: string) {
	dispatch(todoToggled(id));
}

export function clearAll() {
	dispatch(todosActions.todosCleared());
}

export function showActive() {
	dispatch(statusChanged("active"));
}

export function paint(color: string) {
	dispatch(colorAdded(color));
}

export function resetFilters() {
	dispatch({ type: "filters/reset" });
}

export function signOut() {
	dispatch(sessionExpired());
}
