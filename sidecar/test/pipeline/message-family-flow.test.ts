/**
 * Sibling messages are no plug-in family (pipeline/family-flow.ts): three command classes in one folder
 * extending one base, each created only where a controller sends it on the command bus
 * (`bus.execute(new CreateRecordCommand(…))`, the event-classes trunk's dispatch) to a handler of its
 * own. Leading the seed ranking, they lift no file sending them, as a family of strategies lifts the
 * registry creating them (sibling-family-flow.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { familyFlowScores } from "../../src/pipeline/family-flow.js";
import { indexedRepo } from "../support/path-fixture.js";
import { defIn } from "../support/skeletons.js";

const COMMANDS = ["create", "update", "delete"];
const className = (s: string) => `${s[0]?.toUpperCase()}${s.slice(1)}RecordCommand`;

const FILES: Record<string, string> = {
	"package.json": '{ "name": "records-app", "private": true, "type": "module" }',
	"src/bus/bus.ts": [
		"type Ctor = new (...args: never[]) => object;",
		"const handlers = new Map<Ctor, { execute(command: object): unknown }>();",
		"export function commandHandler(command: Ctor): ClassDecorator {",
		"\treturn (target) => {",
		"\t\thandlers.set(command, new (target as unknown as new () => { execute(c: object): unknown })());",
		"\t};",
		"}",
		"export class Command {}",
		"export class CommandBus {",
		"\texecute(command: object): unknown {",
		"\t\treturn handlers.get(command.constructor as Ctor)?.execute(command);",
		"\t}",
		"}",
	].join("\n"),
	...Object.fromEntries(
		COMMANDS.map((c) => [
			`src/commands/${c}-record.command.ts`,
			[
				'import { Command } from "../bus/bus";',
				`export class ${className(c)} extends Command {`,
				"\tconstructor(readonly recordId: string) {",
				"\t\tsuper();",
				"\t}",
				"}",
			].join("\n"),
		]),
	),
	...Object.fromEntries(
		COMMANDS.map((c) => [
			`src/handlers/${c}-record.handler.ts`,
			[
				'import { commandHandler } from "../bus/bus";',
				`import { ${className(c)} } from "../commands/${c}-record.command";`,
				`@commandHandler(${className(c)})`,
				`export class ${className(c)}Handler {`,
				`\texecute(command: ${className(c)}): string {`,
				`\t\treturn "${c} " + command.recordId;`,
				"\t}",
				"}",
			].join("\n"),
		]),
	),
	"src/api/records.ts": [
		'import type { CommandBus } from "../bus/bus";',
		...COMMANDS.map((c) => `import { ${className(c)} } from "../commands/${c}-record.command";`),
		"export class RecordController {",
		"\tconstructor(private readonly commandBus: CommandBus) {}",
		...COMMANDS.flatMap((c) => [
			`\t${c}(recordId: string) {`,
			`\t\treturn this.commandBus.execute(new ${className(c)}(recordId));`,
			"\t}",
		]),
		"}",
	].join("\n"),
	"src/settings/unrelated.ts": "export function unrelated(): number {\n\treturn 1;\n}",
};

const { index } = indexedRepo(FILES, "codeask-message-family-");
let defs: { members: DefRow[]; controller: DefRow; unrelated: DefRow };
beforeAll(() => {
	const def = (id: string) => defIn(index(), id);
	defs = {
		members: COMMANDS.map((c) => def(`src/commands/${c}-record.command.ts#${className(c)}`)),
		controller: def("src/api/records.ts#RecordController.create"),
		unrelated: def("src/settings/unrelated.ts#unrelated"),
	};
});

describe("sibling messages", () => {
	it("are sent by key: the controller's line creating a command dispatches it", () => {
		const out = index().edgesFrom(defs.controller.id);
		const made = out.find((e) => e.kind === "new");
		expect(made).toBeDefined();
		expect(out.some((e) => e.kind === "dispatch" && e.line === made?.line)).toBe(true);
	});

	it("lift no file sending them, as a family of strategies lifts the code creating them", () => {
		const files = [...defs.members, defs.unrelated, defs.controller].map((d) => d.file as string);
		const leads = new Map(
			[...defs.members, defs.unrelated, defs.controller].map((d) => [d.file as string, d]),
		);
		const scores = new Map(files.map((f, i) => [f, 1 / (10 + i + 1)]));
		const owed = familyFlowScores(index(), files, (f) => leads.get(f), scores);
		expect(owed.has(defs.controller.file as string)).toBe(false);
	});
});
