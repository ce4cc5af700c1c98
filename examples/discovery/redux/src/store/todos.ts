import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

interface Todo {
	id: string;
	text: string;
	done: boolean;
}

const todosSlice = createSlice({
	name: "todos",
	initialState: [] as Todo[],
	reducers: {
		todoAdded(state, action: PayloadAction<Todo>) {
			state.push(action.payload);
		},
		todoToggled(state, action: PayloadAction<string>) {
			const todo = state.find((t) => t.id === action.payload);
			if (todo) todo.done = !todo.done;
		},
		todosCleared: () => [],
	},
});

export const { todoAdded, todoToggled } = todosSlice.actions;
export const todosActions = todosSlice.actions;
export default todosSlice.reducer;
