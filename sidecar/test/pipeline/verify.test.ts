import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexReader } from "../../src/index/reader.js";
import { citationHolds, outsideCode, verifyAnswer } from "../../src/pipeline/verify.js";
import { fixtureIndexPath } from "../support/fixture-index.js";

describe("verify", () => {
	let index: IndexReader;
	let good: { file: string; startLine: number; endLine: number; symbol: string };
	beforeAll(async () => {
		index = IndexReader.open(await fixtureIndexPath());
		const d = index
			.defsInFile("apps/server/src/services/push/PushService.ts")
			.find((x) => x.name === "sendNotification");
		if (!d?.file || d.startLine === null || d.endLine === null)
			throw new Error("fixture lacks PushService.sendNotification");
		good = { file: d.file, startLine: d.startLine, endLine: d.endLine, symbol: d.qualifiedName };
	});
	afterAll(() => index.close());

	it("accepts a range holding the symbol and rejects missing files, out-of-file ranges and wrong symbols", () => {
		expect(citationHolds(index, { n: 1, ...good })).toBe(true);
		expect(citationHolds(index, { n: 1, ...good, file: "nope/missing.ts" })).toBe(false);
		expect(citationHolds(index, { n: 1, ...good, endLine: 100_000 })).toBe(false);
		expect(citationHolds(index, { n: 1, ...good, startLine: 0 })).toBe(false);
		expect(citationHolds(index, { n: 1, ...good, symbol: "definitelyNotHere" })).toBe(false);
	});

	it("drops invalid citations and their markers, counts them and renumbers the rest in order", () => {
		const drafts = [
			{ n: 1, ...good, symbol: "definitelyNotHere" },
			{ n: 2, ...good },
		];
		const v = verifyAnswer(index, "A [1] and B [2]; also [7].\n```ts\nconst x = items[1];\n```", drafts);
		expect(v.dropped).toBe(2); // the wrong symbol, and [7] which names no citation
		expect(v.citations).toEqual([{ n: 1, ...good, verified: true }]);
		expect(v.answer).toContain("A and B [1]; also.");
		expect(v.answer).toContain("items[1]"); // code is never touched
	});

	it("puts the shown definition's name where a dropped marker was the sentence's subject", () => {
		const drafts = [
			{ n: 1, ...good, symbol: "definitelyNotHere" },
			{ n: 2, ...good },
		];
		const v = verifyAnswer(
			index,
			"The push is only partly shown ([1] is a helper), and B is sent [2]. Also [1].",
			drafts,
		);
		expect(v.answer).toContain("(`definitelyNotHere` is a helper)");
		expect(v.answer).toContain("Also.");
		expect(v.citations).toHaveLength(1);
	});

	it("names the cited file where a marker dropped for its sentence's names was the subject", () => {
		const v = verifyAnswer(index, "The `definitelyNotHere` handling is partly shown ([1] is a helper).", [
			{ n: 1, ...good },
		]);
		expect(v.answer).toContain(`(\`${good.file}\` is a helper)`);
	});

	it("narrows a sentence naming several things to the lines from the first to the last of them", () => {
		const drafts = [{ n: 1, ...good }];
		const r = verifyAnswer(index, "It looks up `findByUserId` and sends through `gatewayFor` [1].", drafts);
		expect(r.dropped).toBe(0);
		const c = r.citations[0];
		const lines = index.fileLines(good.file, c?.startLine ?? 0, c?.endLine ?? 0) ?? [];
		expect(lines[0]).toContain("findByUserId(");
		expect(lines.at(-1)).toContain("gatewayFor(");
		expect(c?.startLine).toBeGreaterThan(good.startLine);
		expect(c?.endLine).toBeLessThan(good.endLine);
		// Labelled with the definition the lines belong to, and true to the index.
		expect(c?.symbol).toBe(good.symbol);
		expect(citationHolds(index, c as NonNullable<typeof c>)).toBe(true);
	});

	it("keeps a marker whose sentence names the cited method's class, or a value the code writes in another case", () => {
		const drafts = [{ n: 1, ...good }];
		const owner = verifyAnswer(index, "The `PushService` class sends each one [1].", drafts);
		expect(owner.dropped).toBe(0);
		expect(owner.citations).toEqual([{ n: 1, ...good, verified: true }]);
		const cased = verifyAnswer(index, "It reads the `pushtokens` of the user [1].", drafts);
		expect(cased.dropped).toBe(0);
		expect(cased.citations).toEqual([{ n: 1, ...good, verified: true }]);
	});

	it("keeps whole a callback named by its call and key when the sentence names the call", () => {
		const file = "apps/server/src/services/notifications/NotificationsService.ts";
		const callback = index.def(`${file}#NotificationsService.constructor.this.onEvent(watch.messages)`);
		expect(callback).toBeTruthy();
		const draft = {
			n: 1,
			file,
			startLine: callback?.startLine ?? 0,
			endLine: callback?.endLine ?? 0,
			symbol: callback?.qualifiedName ?? "",
		};
		expect(citationHolds(index, draft)).toBe(true);
		const r = verifyAnswer(index, "It listens with `NotificationsService.onEvent` [1].", [draft]);
		expect(r.citations).toEqual([{ ...draft, verified: true }]);
	});

	it("narrows a marker to the line holding what its sentence names; drops it when the range does not hold it", () => {
		const drafts = [{ n: 1, ...good }];
		// Naming the cited definition itself keeps its range.
		const self = verifyAnswer(index, "`PushService.sendNotification` [1] sends it.", drafts);
		expect(self.citations).toEqual([{ n: 1, ...good, verified: true }]);
		// `gatewayFor` is called inside PushService.sendNotification: the citation narrows to that line.
		const ok = verifyAnswer(index, "It calls `gatewayFor` [1].", drafts);
		expect(ok.dropped).toBe(0);
		expect(ok.citations).toHaveLength(1);
		const c = ok.citations[0];
		expect(c?.startLine).toBe(c?.endLine);
		expect(c?.symbol).toBe("gatewayFor");
		expect(index.fileLines(good.file, c?.startLine ?? 0, c?.endLine ?? 0)?.[0]).toContain("gatewayFor(");
		expect(citationHolds(index, c as NonNullable<typeof c>)).toBe(true);
		// The same range cited for a name it does not hold is the wrong evidence.
		const wrong = verifyAnswer(index, "Messages are saved by `insertOneMessage` [1].", drafts);
		expect(wrong.dropped).toBe(1);
		expect(wrong.citations).toEqual([]);
		expect(wrong.answer).toBe("Messages are saved by `insertOneMessage`.");
		// A name the range writes on several lines is no single line of evidence: the citation stays whole.
		const several = verifyAnswer(index, "It maps the user's `tokens` [1].", drafts);
		expect(several.dropped).toBe(0);
		expect(several.citations).toEqual([{ n: 1, ...good, verified: true }]);
		// A sentence naming no code (or only a file path) is not checked.
		const plain = verifyAnswer(index, "See the push service in `apps/server/x.ts` [1].", drafts);
		expect(plain.dropped).toBe(0);
		expect(plain.citations).toHaveLength(1);
	});

	it("names the file of a dropped marker that its sentence needs as an object, and nothing else", () => {
		const drafts = [{ n: 1, ...good }];
		// "registered in [1]." with the range not holding what the sentence names: the marker goes,
		// the sentence keeps where it points (the file, with no line range it could be wrong about).
		const hanging = verifyAnswer(index, "`insertOneMessage` is registered in [1].", drafts);
		expect(hanging.dropped).toBe(1);
		expect(hanging.citations).toEqual([]);
		expect(hanging.answer).toBe(`\`insertOneMessage\` is registered in \`${good.file}\`.`);
		// A marker after a verb or a noun leaves a whole sentence behind: it is just removed.
		const whole = verifyAnswer(index, "Messages are saved by `insertOneMessage` [1].", drafts);
		expect(whole.answer).toBe("Messages are saved by `insertOneMessage`.");
	});

	it("checks a hyphenated key in a code span against the cited range like any name", () => {
		const file = "apps/server/src/notifications/streamer.ts";
		const stream = index.defsInFile(file).find((d) => d.name === "notifyRoomStream");
		if (!stream?.startLine) throw new Error("fixture lacks notifyRoomStream");
		const draft = {
			n: 1,
			file,
			startLine: stream.startLine,
			endLine: stream.startLine + 1,
			symbol: "notifyRoomStream",
		};
		// The range writes the key: the marker narrows to the line that does.
		const held = verifyAnswer(index, "Messages go out on `room-messages` [1].", [draft]);
		expect(held.dropped).toBe(0);
		expect(held.citations).toEqual([
			{
				n: 1,
				file,
				startLine: stream.startLine,
				endLine: stream.startLine,
				symbol: "room-messages",
				verified: true,
			},
		]);
		// A dotted key ending in the hyphenated name is the same name; one the range does not write is dropped.
		const dotted = verifyAnswer(index, "They stream on `streams.room-messages` [1].", [draft]);
		expect(dotted.citations[0]?.symbol).toBe("room-messages");
		const missing = verifyAnswer(index, "Users hear of it through `user-created` [1].", [{ n: 1, ...good }]);
		expect(missing.dropped).toBe(1);
		expect(missing.citations).toEqual([]);
	});

	it("leaves code spans alone", () => {
		expect(outsideCode("a [1] `b[2]` c", (p) => p.replace(/\[\d\]/g, "X"))).toBe("a X `b[2]` c");
	});
});
