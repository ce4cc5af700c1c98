/** A call's shape as discovery reads it: the called name alone, as the full shape names it. */
import { fileURLToPath } from "node:url";
import { Project, SyntaxKind, type ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { calleeNameOf, calleeOf } from "../../src/trunks/discover/call-shape.js";

const EXAMPLES = fileURLToPath(new URL("../../../examples/discovery", import.meta.url));

const SHAPES = [
	"declare const bus: any, api: any, router: any;",
	"bus.on('a', () => 1); (bus as any).emit('b'); bus?.emit('c'); bus!.on('d');",
	"api.client.post('/x'); router.get('/y').post('/z'); emit('e'); (emit)('f'); new Worker('q');",
	"useRequestFetch()('/api/todos'); withRetry(fetch)('/u'); bus['on']('g'); (() => bus)()('h');",
	"declare function emit(k: string): void; declare function useRequestFetch(): any; declare function withRetry(f: unknown): any;",
	"declare class Worker { constructor(k: string) }",
].join("\n");

describe("calleeNameOf", () => {
	it("names every call of the discovery examples and of odd callee shapes as calleeOf does", () => {
		const project = new Project({ compilerOptions: PROGRAM_OPTIONS });
		project.addSourceFilesAtPaths(`${EXAMPLES}/**/*.{ts,tsx,js}`);
		project.createSourceFile("/shapes.ts", SHAPES);
		let compared = 0;
		let unnamed = 0;
		for (const sf of project.getSourceFiles())
			for (const node of sf.getDescendants()) {
				const k = node.getKind();
				if (k !== SyntaxKind.CallExpression && k !== SyntaxKind.NewExpression) continue;
				const cn = node.compilerNode as ts.CallExpression | ts.NewExpression;
				const name = calleeNameOf(cn);
				expect(name).toBe(calleeOf(cn)?.name);
				compared++;
				if (name === undefined) unnamed++;
			}
		expect(compared).toBeGreaterThan(500);
		// Computed callees (`bus['on']`, a called call's result) have no name either way.
		expect(unnamed).toBeGreaterThan(1);
	});
});
