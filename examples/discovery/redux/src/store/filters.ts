// A hand-written reducer with string action types, and its action creators.
export const STATUS_CHANGED = "filters/statusChanged";

interface Filters {
	status: string;
	colors: string[];
}

export function filtersReducer(state: Filters = { status: "all", colors: [] }, action: { type: string; payload?: unknown }): Filters {
	switch (action.type) {
		case STATUS_CHANGED:
			return { ...state, status: String(action.payload) };
		case "filters/colorAdded":
			return { ...state, colors: [...state.colors, String(action.payload)] };
		case "filters/reset":
			return { status: "all", colors: [] };
		default:
			return state;
	}
}

export const statusChanged = (status: string) => ({ type: STATUS_CHANGED, payload: status });
export function colorAdded(color: string) {
	return { type: "filters/colorAdded", payload: color };
}
