/**
 * What the material's map shows of a long chain step no body was read of: an overloaded step's
 * implementation line, the local functions inside it the question's words name, and the key-hop
 * lines of a step past the lead steps whose key the question names (material only, never in the
 * offline answer's citation pool).
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { assembleMaterial } from "../../src/pipeline/material/assemble.js";
import { localHeads } from "../../src/pipeline/material/map-local-heads.js";
import { CITATION_REACH, MATERIAL_REACH, type MapReach } from "../../src/pipeline/material/reach.js";
import { defRow } from "../support/defs.js";

type Index = Parameters<typeof assembleMaterial>[0];
type Skeletons = Parameters<typeof assembleMaterial>[1]["skeletons"];

// One file: a short seed read whole, then a 30-line overloaded step that calls through a key.
const file = "api/endpoints.ts";
const lines = Array.from({ length: 40 }, (_, i) => `\tstep${i}();`);
lines[0] = "export function start() {"; // 1
lines[1] = "\treturn register('/x');";
lines[2] = "}"; // 3
lines[3] = "register(path: string): void;"; // 4
lines[4] = "register(path: string, options: Options): void;"; // 5
lines[5] = "register(path: string, options?: Options): void {"; // 6: the implementation
lines[11] = "\tconst handleSend = useCallback(() => {"; // 12
lines[15] = "\tfunction onClose() {"; // 16
lines[19] = "\tif (sending) {"; // 20: a statement, not a head
lines[24] = "\tconst sendLater = async () => {"; // 25
lines[29] = "\tsdk.call('sendMessage', path);"; // 30: its key hop
lines[33] = "}"; // 34
lines[35] = "function close() {}"; // 36: the file's other functions, for its outline
lines[36] = "function reopen() {}"; // 37
const module = defRow(file, "(module)", "module", { startLine: 1, endLine: lines.length });
const start = defRow(file, "start", "function", { startLine: 1, endLine: 3, parentId: module.id });
const register = defRow(file, "register", "method", { startLine: 4, endLine: 34, parentId: module.id });
const key = defRow(null, "sendMessage", "dispatch-key");
const hop = {
	src: register.id,
	dst: key.id,
	srcDefId: register.defId,
	dstDefId: key.defId,
	kind: "dispatch",
	file,
	line: 30,
};
const close = defRow(file, "close", "function", { startLine: 36, endLine: 36, parentId: module.id });
const reopen = defRow(file, "reopen", "function", { startLine: 37, endLine: 37, parentId: module.id });
const defs: DefRow[] = [module, start, register, close, reopen, key];
const index = {
	fileLines: (_f: string, s: number, e: number) => lines.slice(s - 1, e),
	fileContent: () => lines.join("\n"),
	edgesFrom: (id: number) => (id === register.id ? [hop] : []),
	edgesTo: () => [],
	defById: (id: number) => defs.find((d) => d.id === id),
	def: () => undefined,
	dispatchSitesInFile: () => [],
	defsInFile: () => [module, start, register, close, reopen],
	packages: () => [],
} as unknown as Index;
const node = (def: DefRow, depth: number) => ({
	def,
	depth,
	via: depth ? "call" : "seed",
	from: depth ? start.id : null,
	nodeClass: "major" as const,
	relevance: 1,
});
const skeletons = [
	{
		chain: { id: "c1", title: "api", paths: ["api"], score: 1 },
		direction: "downstream" as const,
		nodes: [node(start, 0), node(register, 1)],
	},
] as unknown as Skeletons;
// Room for the seed's body and a few map lines, not for the step's slices.
const config = { tokenBudget: 120, wholeDefLines: 3, sliceLines: 2 };

/** The map's entries in order (the step's, and the outline's of the file's other functions). */
function map(reach: MapReach, keyRating = 0) {
	const input = { skeletons, words: ["send"], relevance: (d: DefRow) => (d.id === key.id ? keyRating : 1) };
	return assembleMaterial(index, input, config, (t) => Math.ceil(t.length / 4), reach).sources.filter(
		(s) => s.unit === "signature",
	);
}
const signatures = (reach: MapReach, keyRating = 0) =>
	map(reach, keyRating).filter((s) => s.node.def.id === register.id);

describe("a long chain step listed only as a signature", () => {
	it("is named by its implementation's declaration when it is overloaded, in the material only", () => {
		const lead = (reach: MapReach) => signatures(reach).find((s) => s.label.includes("(signature;"));
		expect(lead(MATERIAL_REACH)?.range).toMatchObject({ startLine: 6, endLine: 6 });
		expect(lead(CITATION_REACH)?.range).toMatchObject({ startLine: 4, endLine: 4 });
	});

	it("comes with the local functions the question's words name, most words first", () => {
		const local = (reach: MapReach) =>
			signatures(reach)
				.filter((s) => s.label.endsWith("a local function)"))
				.map((s) => s.range.startLine);
		expect(local(MATERIAL_REACH)).toEqual([12, 25]);
		expect(local({ ...MATERIAL_REACH, localHeads: 1 })).toEqual([12]);
		expect(local(CITATION_REACH)).toEqual([]);
	});

	it("past the lead steps, lists its key hop ahead of the map's tail when the question's words rate the key", () => {
		const reach = { ...MATERIAL_REACH, leadHopSteps: 0, localHeads: 0 };
		const isHop = (label: string) => label.endsWith("its key hop)");
		const order = (r: MapReach, keyRating: number) =>
			map(r, keyRating).map((s) => (isHop(s.label) ? "hop" : s.node.def.name));
		// Rated: right after the step's signature. Not rated (or no rating asked for): after the outline.
		expect(order(reach, 3)).toEqual(["register", "hop", "close", "reopen"]);
		expect(order(reach, 0)).toEqual(["register", "close", "reopen", "hop"]);
		expect(order({ ...reach, ratedKeyHops: 0 }, 3)).toEqual(order(reach, 0));
	});
});

describe("localHeads", () => {
	it("finds the heads of named local functions, methods and handlers, not statements", () => {
		const body = [
			"const Box = () => {", // 0: the step's own signature
			"\tconst handleMessageSend = useMutableCallback(() => {", // 1
			"\tif (sendMessage) {", // 2: a statement
			"\tasync sendNow(message) {", // 3: a method
			"\tthis.send = async (rs, id) => {", // 4
			"\tonSend: (message) => go(message),", // 5: an object's property
			"\tconst sendCount = 3;", // 6: a value, not a function
			"\tfunction resend() {", // 7
			"\treturn sendIt(x);", // 8
			"\tsendLater(message)", // 9: a call statement in code without semicolons
			"\tconst canSend = usePermission('send-message')", // 10: a hook that returns a value
			"\twatch(sendQueue, () => {", // 11: a call given a callback
			"\tget sender() {", // 12: a getter
		];
		expect(localHeads(body, ["send", "message"])).toEqual([1, 3, 4, 5, 7, 12]);
		// Most words first: a head naming both words ahead of an earlier one naming one.
		expect(
			localHeads(["{", "\tfunction send() {", "\tfunction sendMessage() {"], ["send", "message"]),
		).toEqual([2, 1]);
		// Words of fewer than 4 letters meet too many names.
		expect(localHeads(body, ["box"])).toEqual([]);
	});
});
