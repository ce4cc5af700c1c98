import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import type { Seed } from "../../src/pipeline/seed.js";
import { chooseDirection, type SkeletonIndex } from "../../src/pipeline/skeleton.js";
import { defRow, edgeGraphOverFiles } from "../support/defs.js";

/**
 * A queue class whose static member is a seed next to the class: the member dispatches to a key, so it
 * would read the chain downstream, while the class itself only has callers (its producers).
 */
const QUEUE_FILE = "src/queues/mailQueue.ts";
const PRODUCER_FILE = "src/api/send.ts";

function queueWith(memberLines: string[], signature: string) {
	const lines = [
		"export class MailQueue {",
		"  private static instance: Queue | null = null;",
		...memberLines,
		"}",
	];
	const queue = defRow(QUEUE_FILE, "MailQueue", "class", {
		startLine: 1,
		endLine: lines.length,
		signature: "export class MailQueue",
	});
	const member = defRow(QUEUE_FILE, "MailQueue.member", "method", {
		startLine: 3,
		endLine: 2 + memberLines.length,
		parentId: queue.id,
		signature,
		name: signature.match(/(\w+)\s*\(/)?.[1] ?? "member",
	});
	const onError = defRow(QUEUE_FILE, "MailQueue.member.on(error)", "function", {
		startLine: 4,
		endLine: 4,
		parentId: member.id,
	});
	const key = defRow(null, "mail-queue", "dispatch-key");
	const helper = defRow("src/util/json.ts", "readJson");
	const producer = defRow(PRODUCER_FILE, "queueWelcome");
	const index: SkeletonIndex = {
		...edgeGraphOverFiles(
			{ [QUEUE_FILE]: lines },
			[queue, member, onError, key, helper, producer],
			[
				[member, key, "dispatch"],
				[member, helper, "call"],
				[producer, queue, "reference"],
				[producer, member, "call"],
			],
			{},
		),
		fileLines: (file: string, from: number, to: number) =>
			file === QUEUE_FILE ? lines.slice(from - 1, to) : undefined,
	} as unknown as SkeletonIndex;
	return { index, seeds: [queue, member, onError].map(seed) };
}

function seed(def: DefRow): Seed {
	return { def, score: 1, lexical: 1, named: false, chain: "c1" };
}

/** A member's one-line signature, as the index writes it: its first line without the body's brace. */
const signatureOf = (memberLines: string[]) => (memberLines[0] ?? "").trim().replace(/\s*\{$/, "");

describe("chooseDirection: a class seed's accessor does not decide the direction", () => {
	it.each([
		[
			"leaves out a singleton accessor returning the instance the class holds, and the callback inside it",
			[
				"  public static getInstance(): Queue | null {",
				'    MailQueue.instance?.on("error", (err) => log(err));',
				"    if (MailQueue.instance) return MailQueue.instance;",
				"    MailQueue.instance = new Queue(QueueId.Mail);",
				"    return MailQueue.instance;",
				"  }",
			],
			"upstream",
		],
		[
			"leaves out a static factory typed as the class itself",
			["  static async create(name: string): Promise<MailQueue> {", "    return build(name);", "  }"],
			"upstream",
		],
		["leaves out a getter", ["  get queue(): Queue {", "    return open();", "  }"], "upstream"],
		[
			"lets a plain static helper vote: it computes, it does not hand out the class",
			[
				"  private static parseJson(json: string, fallback: MailQueue): Record<string, unknown> {",
				"    return JSON.parse(json);",
				"  }",
			],
			"downstream",
		],
		[
			"lets a static method returning a call on the class vote",
			["  static async drain(): Promise<number> {", "    return this.instance.drain();", "  }"],
			"downstream",
		],
	])("%s", (_title, memberLines, direction) => {
		const { index, seeds } = queueWith(memberLines, signatureOf(memberLines));
		expect(chooseDirection(index, seeds, "flow")).toBe(direction);
	});

	it("lets the accessor vote when its class is not a seed of the chain", () => {
		const memberLines = [
			"  public static getInstance(): Queue | null {",
			"    return MailQueue.instance;",
			"  }",
		];
		const { index, seeds } = queueWith(memberLines, signatureOf(memberLines));
		expect(chooseDirection(index, seeds.slice(1), "flow")).toBe("downstream");
	});
});
