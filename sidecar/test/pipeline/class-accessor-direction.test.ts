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
	const producer = defRow(PRODUCER_FILE, "sendMail");
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

describe("chooseDirection: a class seed's accessor does not decide the direction", () => {
	it("leaves out a singleton accessor returning the instance the class holds, and the callback inside it", () => {
		const { index, seeds } = queueWith(
			[
				"  public static getInstance(): Queue | null {",
				'    MailQueue.instance?.on("error", (err) => log(err));',
				"    if (MailQueue.instance) return MailQueue.instance;",
				"    MailQueue.instance = new Queue(QueueName.Mail);",
				"    return MailQueue.instance;",
				"  }",
			],
			"public static getInstance(): Queue | null",
		);
		expect(chooseDirection(index, seeds, "flow")).toBe("upstream");
	});

	it("leaves out a static factory typed as the class itself", () => {
		const { index, seeds } = queueWith(
			["  static async create(name: string): Promise<MailQueue> {", "    return build(name);", "  }"],
			"static async create(name: string): Promise<MailQueue>",
		);
		expect(chooseDirection(index, seeds, "flow")).toBe("upstream");
	});

	it("leaves out a getter", () => {
		const { index, seeds } = queueWith(
			["  get queue(): Queue {", "    return open();", "  }"],
			"get queue(): Queue",
		);
		expect(chooseDirection(index, seeds, "flow")).toBe("upstream");
	});

	it("lets a plain static helper vote: it computes, it does not hand out the class", () => {
		const { index, seeds } = queueWith(
			[
				"  private static parseJson(json: string, fallback: MailQueue): Record<string, unknown> {",
				"    return JSON.parse(json);",
				"  }",
			],
			"private static parseJson(json: string, fallback: MailQueue): Record<string, unknown>",
		);
		expect(chooseDirection(index, seeds, "flow")).toBe("downstream");
	});

	it("lets a static method returning a call on the class vote", () => {
		const { index, seeds } = queueWith(
			["  static async drain(): Promise<number> {", "    return this.instance.drain();", "  }"],
			"static async drain(): Promise<number>",
		);
		expect(chooseDirection(index, seeds, "flow")).toBe("downstream");
	});

	it("lets the accessor vote when its class is not a seed of the chain", () => {
		const { index, seeds } = queueWith(
			["  public static getInstance(): Queue | null {", "    return MailQueue.instance;", "  }"],
			"public static getInstance(): Queue | null",
		);
		expect(chooseDirection(index, seeds.slice(1), "flow")).toBe("downstream");
	});
});
