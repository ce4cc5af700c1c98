/**
 * A name bound by destructuring an object of its own file (`export const { add } = slice.actions`)
 * is cited where that object writes it, not at its entry of the list (session 44's second reader).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { shortAnswer } from "../../src/pipeline/short/answer.js";
import { destructuredMember } from "../../src/pipeline/short/destructured.js";
import { defRow, edgeGraph } from "../support/defs.js";

const lines = [
	"const todoSlice = createSlice({", // 1
	"  name: 'todos',",
	"  reducers: {",
	"    addTodo: (state, action) => {", // 4
	"      state.items.push(action.payload);",
	"    },", // 6
	"    removeTodo(state, action) {", // 7
	"      state.items = state.items.filter((t) => t.id !== action.payload);",
	"    }", // 9
	"  }",
	"});",
	"",
	"export const {", // 13
	"  addTodo,",
	"  removeTodo,", // 15
	"  other",
	"} = todoSlice.actions;", // 17
	"export const { addTodo: add2 } = todoSlice.actions;", // 18
	"export const { readFile } = fsPromises;", // 19
	"export const total = addTodo;", // 20
];
const file = "store/todos.js";
const slice = defRow(file, "todoSlice", "variable", { startLine: 1, endLine: 11 });
const at = (name: string, line: number) => defRow(file, name, "variable", { startLine: line, endLine: line });
const addTodo = at("addTodo", 14);
const removeTodo = at("removeTodo", 15);
const oneLine = at("add2", 18);
const readFile = at("readFile", 19);
const total = at("total", 20);
const defs = [slice, addTodo, removeTodo, oneLine, readFile, total];
const index = {
	...edgeGraph(defs, []),
	fileLines: (f: string, from: number, to: number) => (f === file ? lines.slice(from - 1, to) : undefined),
};

describe("a destructured binding's citation", () => {
	it("is the member of the object the list destructures, to the member's end", () => {
		expect(destructuredMember(index, addTodo)).toEqual({ startLine: 4, endLine: 6 });
		expect(destructuredMember(index, removeTodo)).toEqual({ startLine: 7, endLine: 9 });
	});

	it("is left alone for an object of another file, a plain assignment, or a member not written", () => {
		expect(destructuredMember(index, readFile)).toBeNull();
		expect(destructuredMember(index, total)).toBeNull();
		// `add2` renames `addTodo`: no member `add2` is written.
		expect(destructuredMember(index, oneLine)).toBeNull();
	});

	it("is what a place of the short answer cites", () => {
		const entry = defRow("ui/list.js", "TodoList", "function", { startLine: 1, endLine: 3 });
		const save = defRow("ui/save.js", "saveTodo", "function", { startLine: 1, endLine: 3 });
		const g = edgeGraph([...defs, entry, save], [[entry, save, "call"]], (s) => ({ file: s.file, line: 2 }));
		const a = shortAnswer(
			{
				...g,
				fileLines: (f: string, from: number, to: number) =>
					f === file
						? lines.slice(from - 1, to)
						: ["function x() {", "  saveTodo(todo);", "}"].slice(from - 1, to),
			},
			"how is a todo added to the list?",
			[],
			{ order: [entry, save, addTodo] as DefRow[], fileScore: new Map<string, number>() },
		);
		expect(a.body).toMatch(/`addTodo` in `store\/todos\.js` \[\d+\]/);
		expect(a.drafts.find((d) => d.file === file)).toMatchObject({ startLine: 4, endLine: 6 });
	});
});
