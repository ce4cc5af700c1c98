/** Key evaluation on compiler nodes: the answers `evaluateKey` gives, for the cases it reads; the rest left to it. */
import { fileURLToPath } from "node:url";
import { type Node as MorphNode, Project, SyntaxKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { PROGRAM_OPTIONS } from "../../src/indexer/program.js";
import { evaluateKey } from "../../src/trunks/key-eval.js";
import { evaluateKeyNode } from "../../src/trunks/key-eval-nodes.js";

const EXAMPLES = fileURLToPath(new URL("../../../examples/discovery", import.meta.url));
/** Examples whose keys are constants, enums and literal types. */
const KEYED_EXAMPLES = "{enum-jobs,jobs,channels,named-buses,bullmq,event-classes,redux,sharded-queues}";

const KEYS = [
	"import { SHARED } from './names';",
	"const JOB = 'send-mail';",
	"const EVENTS = { SAVED: 'doc.saved', ['x' + 'y']: 'late', AFTER: 'doc.after' };",
	"const FIRST = { ONE: 'one', [`k`]: 'computed' };",
	"enum Topic { Created = 'topic.created', Plain }",
	"class Names { static readonly A = 'names.a'; }",
	"let mutable = 'changes';",
	"declare const typed: 'typed.literal';",
	"declare const wide: string;",
	"function send(key: string, kind: 'a' | 'b', one: 'only') { emit(key); emit(kind); emit(one); }",
	"function onEvent(event: { name: string }) { switch (event.name) { case 'x': emit(event.name); } }",
	"['l1', 'l2'].forEach((item) => emit(item));",
	"for (const each of ['f1']) emit(each);",
	"const QUEUES = ['q1', JOB] as const; QUEUES.map((queue) => emit(queue));",
	"for (const spread of [...QUEUES]) emit(spread);",
	"declare function listed(): string[]; listed().forEach((fromCall) => emit(fromCall));",
	"function allQueues() { const inner = () => 'no'; return ['aq1', 'aq2']; } allQueues().forEach((aq) => emit(aq));",
	"['m1'].map((m) => m + '.x').forEach((mapped) => emit(mapped));",
	"Array.from({ length: 2 }, () => JOB).forEach((fromArray) => emit(fromArray));",
	"Object.values(Topic).forEach((topicValue) => emit(topicValue));",
	"['s1'].forEach((first, second) => emit(second)); run('r', (later) => emit(later));",
	"emit(['a1', JOB]); emit(['a2', wide]);",
	"declare function run(k: string, f: (x: string) => void): void;",
	"emit(JOB); emit(EVENTS.SAVED); emit(EVENTS.AFTER); emit(FIRST.ONE); emit(Topic.Created); emit(Topic.Plain);",
	"emit(Names.A); emit(mutable); emit(typed); emit(wide); emit(SHARED); emit((JOB as string)); emit(EVENTS.MISSING);",
	"declare const n: number;",
	"emit(`${JOB}.done`); emit('pre.' + JOB); emit(typed ? JOB : 'other'); emit(`${Topic.Created}-${n}`); emit(`/u/${wide}`);",
	"class Ev { static getName() { return 'ev.name'; } static viaConst() { return JOB; } static withArg(x: string) { return x; }",
	"  static twoSteps() { const v = 'ev.two'; return v; } getName() { return 'ev.instance'; } static readonly FIELD = 'ev.field'; }",
	"declare const ev: Ev;",
	"emit(Ev.getName()); emit(Ev.viaConst()); emit(Ev.withArg('x')); emit(Ev.twoSteps()); emit(ev.getName()); emit(Ev.FIELD);",
	"declare function emit(k: unknown): void;",
].join("\n");

function keyProject() {
	const project = new Project({ useInMemoryFileSystem: true, compilerOptions: PROGRAM_OPTIONS });
	project.createSourceFile("/names.ts", "export const SHARED = 'shared.key';\n");
	const sf = project.createSourceFile("/keys.ts", KEYS);
	const checker = project.getTypeChecker().compilerObject;
	const args = sf
		.getDescendantsOfKind(SyntaxKind.CallExpression)
		.filter((c) => c.getExpression().getText() === "emit")
		.map((c) => c.getArguments()[0] as MorphNode);
	const arg = (text: string) => args.find((a) => a.getText() === text) as MorphNode;
	const quick = (text: string) => evaluateKeyNode(arg(text).compilerNode as never, checker);
	return { args, arg, quick, checker };
}

describe("evaluateKeyNode", () => {
	it("reads const names, members of const objects and enums, and literal types as evaluateKey does", () => {
		const { quick } = keyProject();
		expect(quick("JOB")).toEqual(["send-mail"]);
		expect(quick("(JOB as string)")).toEqual(["send-mail"]);
		expect(quick("SHARED")).toEqual(["shared.key"]);
		expect(quick("EVENTS.SAVED")).toEqual(["doc.saved"]);
		expect(quick("FIRST.ONE")).toEqual(["one"]);
		expect(quick("Topic.Created")).toEqual(["topic.created"]);
		expect(quick("typed")).toEqual(["typed.literal"]);
		// A parameter's type lists what callers may pass; a wide type is no key.
		expect(quick("key")).toBeNull();
		expect(quick("one")).toBeNull();
		expect(quick("wide")).toBeNull();
		expect(quick("mutable")).toBeNull();
		expect(quick("`${JOB}.done`")).toEqual(["send-mail.done"]);
		expect(quick("'pre.' + JOB")).toEqual(["pre.send-mail"]);
		expect(quick("typed ? JOB : 'other'")).toEqual(["send-mail", "other"]);
		expect(quick("`/u/${wide}`")).toBeNull();
		expect(quick("Topic.Plain")).toBeNull();
		// A loop variable walks a list of constants, inline or held by a `const` (key-families.ts).
		expect(quick("item")).toEqual(["l1", "l2"]);
		expect(quick("each")).toEqual(["f1"]);
		expect(quick("queue")).toEqual(["q1", "send-mail"]);
		expect(quick("spread")).toBeNull();
		// No loop variable: a callback's second parameter, a callback handed to another function.
		expect(quick("second")).toBeNull();
		expect(quick("later")).toBeNull();
		// What a function returns: an in-repo function's `return`s, a `map` callback's, `Array.from`'s.
		expect(quick("aq")).toEqual(["aq1", "aq2"]);
		expect(quick("mapped")).toEqual(["m1.x"]);
		expect(quick("fromArray")).toEqual(["send-mail"]);
		expect(quick("fromCall")).toBeNull();
		expect(quick("['a1', JOB]")).toEqual(["a1", "send-mail"]);
		expect(quick("['a2', wide]")).toBeNull();
	});

	it("leaves to evaluateKey what needs more: a computed name on the way, a class member, a switch, `Object.values`", () => {
		const { quick } = keyProject();
		expect(quick("EVENTS.AFTER")).toBeUndefined();
		expect(quick("Names.A")).toBeUndefined();
		expect(quick("EVENTS.MISSING")).toBeUndefined();
		// A constant's numbered instance (key-families.ts).
		expect(quick("`${Topic.Created}-${n}`")).toBeUndefined();
		expect(quick("event.name")).toBeUndefined();
		expect(quick("topicValue")).toBeUndefined();
		// A static method's call: its `return` is read by evaluateKey.
		expect(quick("Ev.getName()")).toBeUndefined();
	});

	it("reads a static argument-less method returning one constant (`Ev.getName()`) as the constant", () => {
		const { arg } = keyProject();
		expect(evaluateKey(arg("Ev.getName()"))).toEqual(["ev.name"]);
		expect(evaluateKey(arg("Ev.viaConst()"))).toEqual(["send-mail"]);
		expect(evaluateKey(arg("Ev.FIELD"))).toEqual(["ev.field"]);
		// A parameter, a body of several statements, an instance's method: computed, not a constant.
		expect(evaluateKey(arg("Ev.withArg('x')"))).toBeNull();
		expect(evaluateKey(arg("Ev.twoSteps()"))).toBeNull();
		expect(evaluateKey(arg("ev.getName()"))).toBeNull();
	});

	it("answers as evaluateKey wherever it answers, on every argument above and on the discovery examples", () => {
		const { args, checker } = keyProject();
		const project = new Project({ compilerOptions: { ...PROGRAM_OPTIONS, allowJs: true } });
		project.addSourceFilesAtPaths(`${EXAMPLES}/${KEYED_EXAMPLES}/**/*.{ts,js}`);
		const exampleChecker = project.getTypeChecker().compilerObject;
		// Every argument of every call, as discovery hands them to the evaluation.
		const expressions = project
			.getSourceFiles()
			.flatMap((sf) => sf.getDescendantsOfKind(SyntaxKind.CallExpression))
			.flatMap((c) => c.getArguments());
		let answered = 0;
		let keys = 0;
		for (const [nodes, c] of [
			[args, checker],
			[expressions, exampleChecker],
		] as const) {
			for (const node of nodes) {
				const quick = evaluateKeyNode(node.compilerNode as never, c);
				if (quick === undefined) continue;
				expect(quick).toEqual(evaluateKey(node));
				answered++;
				if (quick) keys++;
			}
		}
		expect(answered).toBeGreaterThan(150);
		expect(keys).toBeGreaterThan(8);
	});
});
