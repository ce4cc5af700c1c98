/**
 * The definition the rest of the code uses most in a held file (`queues.ts`'s `QueueId`) is listed
 * once the material holds the file, when enough edges lead into it (map-hubs.ts), and never waits.
 */
import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { reachedCandidate } from "../../src/pipeline/material/candidate.js";
import { listHub, listHubs } from "../../src/pipeline/material/map-hubs.js";
import { defRow } from "../support/defs.js";
import { fakeMaterialIndex } from "../support/fake-material-index.js";
import { heldAt, mapHolding as holding } from "../support/held-map.js";

const lines = Array.from({ length: 300 }, (_, i) => `const line${i + 1} = ${i};`);
const queues = "shared/server/queues.ts";
const jobSchema = defRow(queues, "ReportExportJobSchema", "variable", {
	startLine: 10,
	endLine: 20,
	fanIn: 3,
});
const queueName = defRow(queues, "QueueId", "enum", { startLine: 30, endLine: 60, fanIn: 179 });
const jobTypes = defRow(queues, "TJobPayloads", "type", { startLine: 70, endLine: 90, fanIn: 75 });
// A member used more than any top-level definition is no hub: the file's users meet it through its owner.
const redis = "shared/server/redis.ts";
const manager = defRow(redis, "RedisManager", "class", { startLine: 100, endLine: 160, fanIn: 12 });
const get = defRow(redis, "RedisManager.get", "method", {
	startLine: 110,
	endLine: 120,
	parentId: manager.id,
	fanIn: 90,
});
const helper = defRow(redis, "redisKey", "function", { startLine: 170, endLine: 175, fanIn: 2 });
// A file no definition of which is used enough has no hub.
const quiet = "worker/local.ts";
const local = defRow(quiet, "runLocal", "function", { startLine: 200, endLine: 210, fanIn: 9 });
const other = defRow(quiet, "localHelper", "function", { startLine: 220, endLine: 230, fanIn: 1 });
const picked = defRow("web/export.ts", "exportTable", "function", { startLine: 290, endLine: 295 });
const defs = [jobSchema, queueName, jobTypes, manager, get, helper, local, other, picked];
const index = fakeMaterialIndex(lines, defs, []);

const mapHolding = (held: readonly DefRow[], picks: string[] = []) => holding(index, picked, held, picks);

describe("a held file's most used definition", () => {
	it("is listed after what the material holds of the file: the top-level definition most edges lead into", () => {
		const { map, names } = mapHolding([jobSchema, helper]);
		listHubs(map, 10);
		expect(names()).toEqual(["ReportExportJobSchema", "redisKey", "QueueId", "RedisManager"]);
	});

	it("is not listed below the fan-in floor, nor at all with a floor of 0", () => {
		const held = mapHolding([local]);
		listHubs(held.map, 10);
		expect(held.names()).toEqual(["runLocal"]);
		const off = mapHolding([jobSchema]);
		listHubs(off.map, 0);
		expect(off.names()).toEqual(["ReportExportJobSchema"]);
	});

	it("is listed once, and not for a file the material does not hold or when an entry names it", () => {
		const { map, names } = mapHolding([queueName]);
		listHubs(map, 10);
		listHub(map, queues, 10);
		listHub(map, redis, 10);
		expect(names()).toEqual(["QueueId"]);
	});

	it("does not wait when the model's picks make the entries it comes with wait", () => {
		const { map, names } = mapHolding([], [picked.defId]);
		map.listOnce(reachedCandidate(jobSchema, heldAt, "c1", "neighbour"));
		listHubs(map, 10);
		expect(names()).toEqual([]);
		map.listWaiting((c) => listHub(map, c.node.def.file as string, 10));
		expect(names()).toEqual(["ReportExportJobSchema", "QueueId"]);
	});
});
