/**
 * The key evaluation's two shortcuts, each answering as the long way does: a name the checker can never
 * type as one string literal is not asked its type, and a name the file never declares as a loop variable
 * or a valued template is not looked up through every enclosing block.
 */
import { fileURLToPath } from "node:url";
import { Project, SyntaxKind, ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { literalKeys, noteLocalNames } from "../../src/trunks/discover/literal-keys.js";
import { evaluateKeyNode } from "../../src/trunks/key-eval-nodes.js";
import { walkFile } from "../../src/trunks/walk.js";

const EXAMPLES = fileURLToPath(new URL("../../../examples/discovery", import.meta.url));

/** Each name is compared with a literal and read under `typeof … === 'string'`: no narrowing may make it one. */
const NEVER = [
	"function Fn() {}",
	"class Klass {}",
	"const OBJ = { a: 1 };",
	"const LIST = [{ a: 1 }];",
	"const ARROW = () => 'x';",
	"const FN_EXPR = function () { return 'x'; };",
	"const KLASS_EXPR = class {};",
	"const PATTERN = /x/;",
	"const FLAG = true;",
	"interface Shape { a: number }",
	"declare const SHAPED: Shape;",
	"declare const INSTANCE: Klass;",
	"declare var CTOR: { new (): Klass; prototype: Klass };",
	"declare let CALLBACK: (x: string) => void;",
	"declare const ROW: [number, string];",
	"declare const ROWS: string[];",
];
const NEVER_NAMES = NEVER.map(
	(d) => /(?:function|class|const|var|let)\s+(\w+)/.exec(d)?.[1] as string,
).filter((n) => n !== undefined);

/** Names the checker must still be asked about: their type can be one literal here or elsewhere. */
const ASKED = [
	"const EMPTY = {};",
	"declare const BLANK: {};",
	"const SPREAD = { ...EMPTY };",
	"declare const WIDE: string;",
	"declare const ONE: 'one';",
	"type Alias = 'aliased';",
	"declare const ALIASED: Alias;",
	"enum Nothing {}",
];
const ASKED_NAMES = ["EMPTY", "BLANK", "SPREAD", "WIDE", "ONE", "ALIASED", "Nothing"];

function source(): string {
	const reads = [...NEVER_NAMES, ...ASKED_NAMES].map(
		(n) => `if (${n} === 'k') emit(${n}); if (typeof ${n} === 'string') emit(${n}); emit(${n});`,
	);
	return [...NEVER, ...ASKED, "declare function emit(k: unknown): void;", ...reads].join("\n");
}

/** The checker, with its `getTypeAtLocation` calls on identifiers counted by name. */
function counted(checker: ts.TypeChecker): { checker: ts.TypeChecker; asked: Map<string, number> } {
	const asked = new Map<string, number>();
	const proxy = new Proxy(checker, {
		get(target, prop, receiver) {
			if (prop === "getTypeAtLocation")
				return (node: ts.Node) => {
					if (ts.isIdentifier(node)) asked.set(node.text, (asked.get(node.text) ?? 0) + 1);
					return target.getTypeAtLocation(node);
				};
			const v = Reflect.get(target, prop, receiver);
			return typeof v === "function" ? v.bind(target) : v;
		},
	});
	return { checker: proxy, asked };
}

describe("the literal-type question's shortcut", () => {
	const project = new Project({ useInMemoryFileSystem: true, compilerOptions: PROGRAM_OPTIONS });
	const sf = project.createSourceFile("/names.ts", source());
	const real = project.getTypeChecker().compilerObject;
	const reads = sf
		.getDescendantsOfKind(SyntaxKind.CallExpression)
		.filter((c) => c.getExpression().getText() === "emit")
		.map((c) => c.getArguments()[0]?.compilerNode as ts.Identifier);

	it("never asks the type of a function, a class or a variable of an object type, and the type is never a literal", () => {
		const { checker, asked } = counted(real);
		for (const read of reads.filter((r) => NEVER_NAMES.includes(r.text))) {
			expect([read.text, evaluateKeyNode(read, checker)]).toEqual([read.text, null]);
			// The long way's answer: the checker's own type at the read, narrowed as it is there.
			expect(real.getTypeAtLocation(read).isStringLiteral()).toBe(false);
		}
		expect(reads.filter((r) => NEVER_NAMES.includes(r.text))).toHaveLength(NEVER_NAMES.length * 3);
		expect([...asked.keys()].filter((n) => NEVER_NAMES.includes(n))).toEqual([]);
	});

	it("still asks where a type can be one literal: an empty object type narrowed by `===`, an alias, a wide string", () => {
		const { checker, asked } = counted(real);
		const narrowed = reads.filter((r) => ASKED_NAMES.includes(r.text));
		const values = narrowed.map((r) => evaluateKeyNode(r, checker));
		for (const n of ASKED_NAMES) expect(asked.get(n)).toBeGreaterThan(0);
		// `{}` compared with 'k' is 'k' (TypeScript narrows an empty object type to the value it equals).
		expect(values[narrowed.findIndex((r) => r.text === "EMPTY")]).toEqual(["k"]);
		expect(values[narrowed.findIndex((r) => r.text === "BLANK")]).toEqual(["k"]);
		// `'aliased' === 'k'` leaves nothing; the other two reads are the alias's literal.
		expect(values.filter((v) => v?.[0] === "aliased")).toHaveLength(2);
	});
});

describe("computedLocally's shortcut", () => {
	const LOCAL = [
		"declare function emit(k: unknown, h?: unknown): void;",
		"declare const shard: number;",
		"const names = ['n1', 'n2'];",
		"names.forEach((name) => emit(name));",
		"for (const each of ['e1']) emit(each);",
		"const made = `${'q'}-${shard}`; emit(made);",
		"function outer(other: string) { emit(other); const name = 'shadow'; emit(name); }",
	].join("\n");

	/** The first two arguments of every call of every file, read by literalKeys. */
	const readAll = (files: ReturnType<Project["getSourceFiles"]>) =>
		files.flatMap((f) =>
			f
				.getDescendantsOfKind(SyntaxKind.CallExpression)
				.flatMap((c) => c.getArguments().slice(0, 2))
				.map((a) => literalKeys(a.compilerNode as ts.Expression, f)),
		);

	it("answers as the climb does once the file's names are noted, on a fixture and on the discovery examples", () => {
		const project = new Project({ compilerOptions: { ...PROGRAM_OPTIONS, allowJs: true } });
		project.createSourceFile("/virtual/local.ts", LOCAL);
		project.addSourceFilesAtPaths(`${EXAMPLES}/**/*.{ts,js}`);
		const files = project.getSourceFiles();
		const before = readAll(files);
		for (const f of files) noteLocalNames(f.compilerNode, walkFile(f.compilerNode));
		const after = readAll(files);
		expect(after).toEqual(before);
		expect(before.filter((k) => k !== null).length).toBeGreaterThan(100);
		const local = readAll([project.getSourceFileOrThrow("/virtual/local.ts")]).filter((k) => k !== null);
		expect(local).toEqual(expect.arrayContaining([["n1", "n2"], ["e1"]]));
	});
});

describe("the loop variable's shortcut", () => {
	/** Each loop's variable is read bare, compared with a literal, under `typeof`, a type predicate and an assertion. */
	const reads = (name: string) =>
		`emit(${name}); if (${name} === 'k') emit(${name}); if (typeof ${name} === 'string') emit(${name}); ` +
		`if (isK(${name})) emit(${name}); switch (${name}) { case 'k': emit(${name}); }`;
	const loop = (name: string, iterable: string) => `for (const ${name} of ${iterable}) { ${reads(name)} }`;
	const NEVER_LOOPS: [string, string][] = [
		["item", "ITEMS"],
		["row", "ROWS"],
		["pair", "PAIRS"],
		["fn", "FNS"],
		["count", "COUNTS"],
		["maybe", "MAYBE"],
		["either", "EITHER"],
		["flag", "FLAGS"],
	];
	const ASKED_LOOPS: [string, string][] = [
		["word", "WORDS"],
		["one", "ONES"],
		["sized", "SIZED"],
		["blank", "BLANKS"],
		["loose", "LOOSE"],
		["mixed", "MIXED"],
		["optional", "OPTIONALS"],
	];
	const SOURCE = [
		"declare function emit(k: unknown): void;",
		"declare function isK(x: unknown): x is 'k';",
		"interface Item { id: number; name: string }",
		"declare const ITEMS: Item[];",
		"declare const ROWS: { text: string }[];",
		"declare const PAIRS: [string, number][];",
		"declare const FNS: (() => string)[];",
		"declare const COUNTS: number[];",
		"declare const MAYBE: (Item | undefined)[];",
		"declare const EITHER: (Item | { other: boolean } | null)[];",
		"declare const FLAGS: boolean[];",
		"declare const WORDS: string[];",
		"declare const ONES: ('one' | 'two')[];",
		"declare const SIZED: { length: number }[];",
		"declare const BLANKS: {}[];",
		"declare const LOOSE: any[];",
		"declare const MIXED: (Item | string)[];",
		"declare const OPTIONALS: { extra?: number }[];",
		...[...NEVER_LOOPS, ...ASKED_LOOPS].map(([n, it]) => loop(n, it)),
		// `let` is assigned: its reads are asked as before.
		"for (let again of ITEMS) { again = ITEMS[0] as Item; emit(again); }",
	].join("\n");

	const project = new Project({ useInMemoryFileSystem: true, compilerOptions: PROGRAM_OPTIONS });
	const sf = project.createSourceFile("/loops.ts", SOURCE);
	const real = project.getTypeChecker().compilerObject;
	const emitted = sf
		.getDescendantsOfKind(SyntaxKind.CallExpression)
		.filter((c) => c.getExpression().getText() === "emit")
		.map((c) => c.getArguments()[0]?.compilerNode as ts.Identifier);
	const neverNames = NEVER_LOOPS.map(([n]) => n);
	const askedNames = [...ASKED_LOOPS.map(([n]) => n), "again"];

	it("never asks a loop variable whose element type no narrowing makes a literal, and its type never is one", () => {
		const { checker, asked } = counted(real);
		const never = emitted.filter((r) => neverNames.includes(r.text));
		expect(never).toHaveLength(neverNames.length * 5);
		for (const read of never) {
			// A read inside a `case` of a switch on it is left to `evaluateKey` (undefined), as before.
			const inCase = ts.isCaseClause(read.parent.parent.parent);
			expect([read.text, evaluateKeyNode(read, checker)]).toEqual([read.text, inCase ? undefined : null]);
			expect([read.text, real.getTypeAtLocation(read).isStringLiteral()]).toEqual([read.text, false]);
		}
		expect([...asked.keys()].filter((n) => neverNames.includes(n))).toEqual([]);
	});

	it("still asks the others, and answers as the checker does", () => {
		const { checker, asked } = counted(real);
		for (const read of emitted.filter((r) => askedNames.includes(r.text))) {
			const type = real.getTypeAtLocation(read);
			const expected = type.isStringLiteral() ? [String(type.value)] : null;
			const quick = evaluateKeyNode(read, checker);
			if (quick !== undefined) expect([read.text, quick]).toEqual([read.text, expected]);
		}
		for (const n of askedNames) expect([n, asked.get(n) ?? 0]).not.toEqual([n, 0]);
		// A type predicate narrows `{ length: number }` to 'k' (a string has that member): why it is asked.
		const sized = emitted.filter((r) => r.text === "sized");
		expect(sized.map((r) => real.getTypeAtLocation(r).isStringLiteral())).toContain(true);
	});
});
