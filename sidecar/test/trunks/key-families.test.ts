/**
 * Keys computed at the site from a constant (key-families.ts): a constant's numbered instances
 * (`${QueueId.Render}-${shard}`) are its family, and a loop variable takes the values of what it walks.
 */
import { Node, Project } from "ts-morph";
import { describe, expect, it } from "vitest";
import { evaluateKey } from "../../src/trunks/key-eval.js";

// One project for every case (each file its own module): loading the checker's lib files once.
const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { strict: true } });
let files = 0;

/** The values of the argument of the call to `use(…)` on the last line of `source`. */
function keyOf(source: string): string[] | null {
	const sf = project.createSourceFile(
		`/repo/case${files++}.ts`,
		`declare function use(key: unknown): void;\n${source}\nexport {};`,
	);
	const calls = sf
		.getDescendants()
		.filter((n) => Node.isCallExpression(n) && n.getExpression().getText() === "use");
	const call = calls.at(-1);
	if (!call || !Node.isCallExpression(call)) throw new Error("no use(…) call");
	return evaluateKey(call.getArguments()[0] as Node);
}

const ENUM = "enum QueueId { Render = 'render-queue', Mail = 'mail-queue' }\n";

describe("key families: a constant followed by a numbered suffix", () => {
	it("keys a shard's name by its constant, the number known or not", () => {
		expect(keyOf(`${ENUM}function f(shard: number) { use(\`\${QueueId.Render}-\${shard}\`); }`)).toEqual([
			"render-queue",
		]);
		expect(
			keyOf(`${ENUM}function f(i: number) { use(\`\${QueueId.Render}\${i > 0 ? \`-\${i}\` : ""}\`); }`),
		).toEqual(["render-queue"]);
		expect(keyOf(`${ENUM}function f(shard = 0) { use(\`\${QueueId.Render}_\${shard}\`); }`)).toEqual([
			"render-queue",
		]);
		expect(keyOf(`${ENUM}use(\`\${QueueId.Render}-\${2}\`);`)).toEqual(["render-queue"]);
	});

	it("leaves a word, a string, a path or a literal prefix after no constant to the plain evaluation", () => {
		expect(keyOf(`${ENUM}function f(id: string) { use(\`\${QueueId.Render}-\${id}\`); }`)).toBeNull();
		expect(
			keyOf(`const API = '/api';\nfunction f(id: number) { use(\`\${API}/users/\${id}\`); }`),
		).toBeNull();
		expect(keyOf(`function f(i: number) { use(\`render-queue-\${i}\`); }`)).toBeNull();
		// A constant suffix is the plain evaluation's: `render-queue-high`, not the family.
		expect(keyOf(`${ENUM}use(\`\${QueueId.Render}-high\`);`)).toEqual(["render-queue-high"]);
	});
});

describe("loop variables take the values of what they walk", () => {
	it("follows forEach/map callbacks and for…of over constants, Object.values and in-repo getters", () => {
		expect(keyOf(`const names = ['a.created', 'a.deleted'];\nnames.forEach((name) => use(name));`)).toEqual([
			"a.created",
			"a.deleted",
		]);
		expect(keyOf(`${ENUM}for (const q of Object.values(QueueId)) use(q);`)).toEqual([
			"render-queue",
			"mail-queue",
		]);
		expect(
			keyOf(
				`${ENUM}class RenderQueue {\n  static getShardNames() {\n    return Array.from({ length: 3 }, (_, i) => \`\${QueueId.Render}\${i > 0 ? \`-\${i}\` : ""}\`);\n  }\n}\nconst shards = RenderQueue.getShardNames();\nshards.forEach((shardName) => use(shardName as QueueId));`,
			),
		).toEqual(["render-queue"]);
	});

	it("reads nothing from a callback that is no loop, an element's index, or a collection built at run time", () => {
		expect(keyOf(`declare function later(f: (k: string) => void): void;\nlater((k) => use(k));`)).toBeNull();
		expect(keyOf(`const names = ['a', 'b'];\nnames.forEach((_, i) => use(i));`)).toBeNull();
		expect(keyOf(`declare const names: string[];\nnames.forEach((name) => use(name));`)).toBeNull();
		expect(
			keyOf(`const names: string[] = [];\nnames.push('x');\nfor (const n of [...names]) use(n);`),
		).toBeNull();
	});
});
