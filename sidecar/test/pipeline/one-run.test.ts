import { describe, expect, it } from "vitest";
import { type BodyCall, oneRunCalls } from "../../src/pipeline/one-run.js";

/** The ids `oneRunCalls` keeps for a body starting at line 1, each call given as [id, line]. */
const run = (lines: string[], calls: [number, number | null][]) =>
	[
		...oneRunCalls(
			lines,
			1,
			calls.map(([to, line]): BodyCall => ({ to, line })),
		),
	].sort();

describe("calls on one way through a body", () => {
	it("are all of a sequence of statements, a loop's and a try's included", () => {
		const body = [
			"async function ingest(batch) {",
			"  const events = await parse(batch);",
			"  for (const e of events) {",
			"    try {",
			"      await write(e);",
			"    } finally {}",
			"  }",
			"  await enqueue(events);",
			"}",
		];
		expect(
			run(body, [
				[1, 2],
				[2, 5],
				[3, 8],
			]),
		).toEqual([1, 2, 3]);
	});

	it("are one arm of a switch, an if / else chain or a ternary, with what runs before the fork", () => {
		const byCase = [
			"function create(kind) {",
			"  audit(kind);",
			"  switch (kind) {",
			"    case 'c':",
			"      return createChannel();",
			"    case 'p':",
			"      return createGroup();",
			"    default:",
			"      return createDirect();",
			"  }",
			"}",
		];
		expect(
			run(byCase, [
				[9, 2],
				[1, 5],
				[2, 7],
				[3, 9],
			]),
		).toHaveLength(2);
		const byIf = [
			"function create(kind) {",
			"  if (kind === 'c') {",
			"    createChannel();",
			"  } else if (kind === 'p') {",
			"    createGroup();",
			"  } else {",
			"    createDirect();",
			"  }",
			"}",
		];
		expect(
			run(byIf, [
				[1, 3],
				[2, 5],
				[3, 7],
			]),
		).toHaveLength(1);
		const byTernary = ["function create(dm) {", "  return dm ? createDirect() : createChannel();", "}"];
		expect(
			run(byTernary, [
				[1, 2],
				[2, 2],
			]),
		).toHaveLength(1);
	});

	it("are one entry of a table of handlers, or one callback of several", () => {
		const table = [
			"function handlers() {",
			"  return {",
			"    channel: (x) => createChannel(x),",
			"    group: async (x) => {",
			"      await createGroup(x);",
			"    },",
			"  };",
			"}",
		];
		expect(
			run(table, [
				[1, 3],
				[2, 5],
			]),
		).toHaveLength(1);
		const callbacks = [
			"function watch() {",
			"  settings.watch('a', () => {",
			"    applyA();",
			"  });",
			"  settings.watch('b', () => {",
			"    applyB();",
			"  });",
			"}",
		];
		expect(
			run(callbacks, [
				[1, 3],
				[2, 6],
			]),
		).toHaveLength(1);
		const hooks = [
			"function listen(sender) {",
			"  hooks.afterReacted((m) =>",
			"    sender.sendReaction(m),",
			"  );",
			"  hooks.afterDeleted((m) => sender.afterDeleted(m));",
			"}",
		];
		expect(
			run(hooks, [
				[1, 3],
				[2, 5],
			]),
		).toHaveLength(1);
	});

	it("count a call in an if's condition before its block, and stop at an arm that returns", () => {
		const checked = [
			"async function send(x) {",
			"  if (await allowed(x)) {",
			"    await deliver(x);",
			"    await notify(x);",
			"  }",
			"}",
		];
		expect(
			run(checked, [
				[1, 2],
				[2, 3],
				[3, 4],
			]),
		).toEqual([1, 2, 3]);
		const cached = [
			"async function load(x) {",
			"  if (cache.has(x)) {",
			"    return fromCache(x);",
			"  }",
			"  const r = await fetchIt(x);",
			"  await store(r);",
			"}",
		];
		expect(
			run(cached, [
				[1, 3],
				[2, 5],
				[3, 6],
			]),
		).toEqual([2, 3]);
	});

	it("counts a call of no known line on every way", () => {
		expect(
			run(
				["function f() {", "  if (a) {", "    g();", "  }", "}"],
				[
					[1, 3],
					[2, null],
				],
			),
		).toEqual([1, 2]);
	});
});
