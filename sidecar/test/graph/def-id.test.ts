import { describe, expect, it } from "vitest";
import { defIdHash, defIdName, defIdPrefix, nameSegments } from "../../src/index/def-id.js";

describe("defId parts", () => {
	it("splits at the file's #, not at a private member's", () => {
		expect(defIdName("a/b.ts#Push.send")).toBe("Push.send");
		expect(defIdName("a/b.ts#Run.#start")).toBe("Run.#start");
		expect(defIdPrefix("a/b.ts#Run.#start.x.on(k)")).toBe("a/b.ts");
		expect(defIdName("trunk:rest#chat.post")).toBe("chat.post");
	});

	it("leaves a bare qualified name whole, private members included", () => {
		expect(defIdHash("Run.#start")).toBe(-1);
		expect(defIdName("Run.#start")).toBe("Run.#start");
		expect(defIdPrefix("#start")).toBeNull();
	});

	it("keeps the dots of a key inside a callback's call", () => {
		expect(nameSegments("Job.#run.metrics.measure(jobs.v2/run)~2")).toEqual([
			"Job",
			"#run",
			"metrics",
			"measure(jobs.v2/run)~2",
		]);
		expect(nameSegments("send")).toEqual(["send"]);
	});
});
