import { describe, expect, it } from "vitest";
import { escapeRegExp } from "../../src/escape-regexp.js";
import { declaresName } from "../../src/pipeline/material/slices.js";

/** The pattern `declaresName` walks instead of compiling (material/slices.ts). */
const pattern = (name: string) =>
	new RegExp(
		`^\\s*(?:(?:export|default|declare|public|private|protected|static|async|override|function)\\s+)*\\*?${escapeRegExp(name)}\\s*[<(]`,
	);

const LINES = [
	"export function addRoute(path: string, action: A): void;",
	"  addRoute<T>(path: string): void {",
	"\tpublic static async addRoute (path) {",
	"export default async function* addRoute(",
	"  *addRoute() {",
	"  async *addRoute() {",
	"  private  override\taddRoute(a) {",
	"  const addRoute = (a) => {",
	"  addRoutes(path) {",
	"  exportaddRoute(path) {",
	"  export addRoute",
	"  function function(",
	"  static(",
	"  static static(",
	"  default (",
	"  async<T>(",
	"  [Symbol.iterator]() {",
	"  get addRoute() {",
	"",
	"   ",
	"  * (",
];
const NAMES = [
	"addRoute",
	"function",
	"static",
	"default",
	"async",
	"[Symbol.iterator]",
	"a.b",
	"",
	"*addRoute",
];

describe("declaresName", () => {
	it("says what the declaration pattern says, for every line and name", () => {
		for (const line of LINES) {
			for (const name of NAMES) {
				expect(declaresName(line, name), `${JSON.stringify(line)} ${JSON.stringify(name)}`).toBe(
					pattern(name).test(line),
				);
			}
		}
	});

	it("finds the declaration past its modifiers and a generator's star", () => {
		expect(declaresName("export default async function *addRoute(", "addRoute")).toBe(true);
		expect(declaresName("  addRoutes(path) {", "addRoute")).toBe(false);
		expect(declaresName("  const addRoute = () => {", "addRoute")).toBe(false);
	});
});
