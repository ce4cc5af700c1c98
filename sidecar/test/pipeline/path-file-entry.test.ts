import { describe, expect, it } from "vitest";
import type { EdgeKind } from "../../src/index/schema.js";
import type { DefRow } from "../../src/index/types.js";
import { fileEntries } from "../../src/pipeline/path/file-entries.js";
import { findPath } from "../../src/pipeline/path/find.js";
import { innerStepEdge } from "../../src/pipeline/path/inner-step.js";
import type { PathIndex } from "../../src/pipeline/path/types.js";
import { defRow, edgeGraph, edgeGraphOverFiles } from "../support/defs.js";
import { plainConcepts } from "../support/path-fixture.js";

/**
 * A file route whose ranked definition is a constant, its handler calling a batch processor many callers
 * share, which runs its own nested reducer (a reference, no call edge), which calls the best-ranked mapper.
 */
function uploadRoute(opts: { handlers?: number; ranked?: "constant" | "function" } = {}) {
	const key = defRow(null, "POST /api/upload", "dispatch-key");
	const allowed =
		opts.ranked === "function"
			? defRow("api/upload.ts", "filterAccepted", "function")
			: defRow("api/upload.ts", "ACCEPTED_KINDS", "variable");
	const handler = defRow("api/upload.ts", "handler", "function");
	const other = defRow("api/upload.ts", "optionsHandler", "function");
	const otherKey = defRow(null, "OPTIONS /api/upload", "dispatch-key");
	const handleItems = defRow("lib/batch.ts", "handleItems", "function", { fanIn: 13 });
	const byId = defRow("lib/batch.ts", "handleItems.byId", "function", { parentId: handleItems.id });
	const itemKind = defRow("lib/schema.ts", "itemKind", "function");
	const edges: [DefRow, DefRow, EdgeKind][] = [
		[key, handler, "handler"],
		[handler, handleItems, "call"],
		[handleItems, byId, "reference"],
		[byId, itemKind, "call"],
	];
	const defs = [key, allowed, handler, handleItems, byId, itemKind];
	if ((opts.handlers ?? 1) > 1) {
		defs.push(other, otherKey);
		edges.push([otherKey, other, "handler"]);
	}
	// Each edge written on its source's first line, inside its body.
	const index: PathIndex = {
		...edgeGraph(defs, edges, (s) => ({ file: s.file, line: s.startLine })),
		fileLines: () => undefined,
	};
	return { index, ranked: [allowed, byId, itemKind] };
}

const words = plainConcepts("upload", "batch", "kind");
const names = (path: { def: DefRow }[]) => path.map((s) => s.def.qualifiedName);

describe("a ranked file's one way in", () => {
	it("starts the path when the ranking found its file by a constant, through a shared helper's nested reducer", () => {
		const { index, ranked } = uploadRoute();
		expect(names(findPath(index, ranked, {}, words))).toEqual([
			"handler",
			"handleItems",
			"handleItems.byId",
			"itemKind",
		]);
	});

	it("is none in a file of two handlers, nor for a ranked function: the path starts at the reducer", () => {
		for (const opts of [{ handlers: 2 }, { ranked: "function" as const }]) {
			const { index, ranked } = uploadRoute(opts);
			expect(names(findPath(index, ranked, {}, words))).toEqual(["handleItems.byId", "itemKind"]);
		}
	});
});

/**
 * A page whose best-ranked definition is a form field's state; its submit function reads the field and posts
 * to a route whose handler calls a permission check. Another function reads the field and sends nothing.
 */
function invitePage(opts: { senders?: number } = {}) {
	const email = defRow("pages/Members.vue", "inviteEmail", "variable");
	const submit = defRow("pages/Members.vue", "submitInvite", "function");
	const reset = defRow("pages/Members.vue", "resetInviteForm", "function");
	const other = defRow("pages/Members.vue", "resendInvite", "function");
	const key = defRow(null, "POST /private/invite", "dispatch-key");
	const route = defRow("server/private/invite.ts", "post", "function");
	const check = defRow("server/utils/rbac.ts", "checkInvitePermission", "function");
	const edges: [DefRow, DefRow, EdgeKind][] = [
		[submit, email, "reference"],
		[reset, email, "reference"],
		[submit, key, "dispatch"],
		[key, route, "handler"],
		[route, check, "call"],
	];
	if ((opts.senders ?? 1) > 1) edges.push([other, email, "reference"], [other, key, "dispatch"]);
	const defs = [email, submit, reset, other, key, route, check];
	const index: PathIndex = {
		...edgeGraph(defs, edges, (s) => ({ file: s.file, line: s.startLine })),
		fileLines: () => undefined,
	};
	return { index, ranked: [email, check, route] };
}

describe("a ranked form field's sender", () => {
	const inviteWords = plainConcepts("invite", "permission", "email");

	it("starts the path at the one function that reads the field and sends the request", () => {
		const { index, ranked } = invitePage();
		expect(names(findPath(index, ranked, {}, inviteWords))).toEqual([
			"submitInvite",
			"post",
			"checkInvitePermission",
		]);
	});

	it("stands at the field's place, and is none when two functions read the field and send", () => {
		const one = invitePage();
		expect(fileEntries(one.index, one.ranked, inviteWords).map((w) => [w.def.name, w.place])).toEqual([
			["submitInvite", 0],
		]);
		const two = invitePage({ senders: 2 });
		expect(fileEntries(two.index, two.ranked, inviteWords)).toEqual([]);
	});
});

describe("a function's own nested function", () => {
	const outer = defRow("lib/sum.ts", "total", "function", { startLine: 1, endLine: 6 });
	const inner = defRow("lib/sum.ts", "total.byKey", "function", {
		startLine: 2,
		endLine: 4,
		parentId: outer.id,
	});
	const loose = defRow("lib/sum.ts", "byName", "function", { startLine: 8, endLine: 9 });
	const file = [
		"function total(rows) {",
		"  const byKey = rows.reduce((acc, r) => {",
		"  }, {});",
		"",
		"  return Object.keys(byKey);",
		"}",
	];
	const index = edgeGraphOverFiles({ "lib/sum.ts": file }, [outer, inner, loose], [], {});
	const ref = (dst: DefRow, line: number) => ({
		src: outer.id,
		dst: dst.id,
		srcDefId: outer.defId,
		dstDefId: dst.defId,
		kind: "reference" as const,
		file: "lib/sum.ts",
		line,
		resolution: "checker" as const,
	});

	it("is a call at the line whose call runs it, not where its result is read", () => {
		expect(innerStepEdge(index, outer, ref(inner, 5))).toMatchObject({ kind: "call", line: 2 });
	});

	it("is the only reference that becomes a step", () => {
		expect(innerStepEdge(index, outer, ref(loose, 5))).toBeNull();
		expect(innerStepEdge(index, outer, { ...ref(inner, 5), kind: "import" })).toBeNull();
	});
});
