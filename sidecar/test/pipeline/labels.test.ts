import { describe, expect, it } from "vitest";
import { ask } from "../../src/pipeline/ask.js";
import {
	defLabel,
	type LabelDef,
	Labels,
	labelParts,
	ordinalWord,
	parseHandlerName,
	sourceLabel,
} from "../../src/pipeline/labels.js";
import { SHORT_ANSWER_CHARS } from "../../src/pipeline/short/fit.js";
import { indexForSuite, openFixtureIndex } from "../support/open-index.js";

/** A tiny set of rows as the indexer records them: qualified name, kind, parent, signature. */
function rows(
	list: { id: number; name: string; kind: LabelDef["kind"]; parent?: number; signature?: string }[],
) {
	const byId = new Map<number, LabelDef & { id: number }>(
		list.map((r) => [
			r.id,
			{
				id: r.id,
				qualifiedName: r.name,
				kind: r.kind,
				parentId: r.parent ?? null,
				signature: r.signature ?? null,
			},
		]),
	);
	const parentOf = (id: number) => byId.get(id);
	const label = (id: number) => defLabel(byId.get(id) as LabelDef, parentOf);
	return { byId, parentOf, label };
}

const MODULE = { id: 1, name: "(module)", kind: "module" as const };

describe("defLabel: handlers named as a developer would", () => {
	it("leaves ordinary names as they are", () => {
		const { label } = rows([
			MODULE,
			{ id: 2, name: "Push", kind: "class" },
			{ id: 3, name: "Push.send", kind: "method", parent: 2, signature: "send(message)" },
			{ id: 4, name: "sendMessage", kind: "function", signature: "export function sendMessage(m)" },
			// A namespace's function: dotted, no parent, declared (not passed to a call).
			{ id: 5, name: "Utils.format", kind: "function", signature: "export function format(x)" },
			{ id: 6, name: "API", kind: "variable", signature: "API = {" },
			{ id: 7, name: "API.v1", kind: "property", parent: 6 },
			{
				id: 8,
				name: "API.v1.addRoute",
				kind: "method",
				parent: 7,
				signature: "addRoute(path, options, actions)",
			},
			{ id: 9, name: "Authorization", kind: "class" },
			{ id: 10, name: "Authorization.constructor", kind: "method", parent: 9 },
			// A local function handed to a call by name is named like any member.
			{ id: 11, name: "Authorization.constructor.clearCache", kind: "function", parent: 10 },
			{ id: 12, name: "Run", kind: "class" },
			{ id: 13, name: "Run.#start", kind: "method", parent: 12, signature: "#start()" },
		]);
		expect(label(3)).toBe("`Push.send`");
		expect(label(4)).toBe("`sendMessage`");
		expect(label(5)).toBe("`Utils.format`");
		expect(label(8)).toBe("`API.v1.addRoute`");
		expect(label(10)).toBe("`Authorization.constructor`");
		expect(label(11)).toBe("`Authorization.constructor.clearCache`");
		expect(label(13)).toBe("`Run.#start`");
	});

	it("names a keyed callback by its key, the call and its owner, the receiver chain kept whole", () => {
		const { label } = rows([
			{ id: 2, name: "Collab", kind: "class" },
			{ id: 3, name: "Collab.startCollaboration", kind: "method", parent: 2 },
			{
				id: 4,
				name: "Collab.startCollaboration.this.portal.socket.on(client-broadcast)",
				kind: "function",
				parent: 3,
			},
			{ id: 5, name: "StreamListeners", kind: "class" },
			{ id: 6, name: "StreamListeners.constructor", kind: "method", parent: 5 },
			// A dotted key.
			{
				id: 7,
				name: "StreamListeners.constructor.service.onEvent(permission.changed)",
				kind: "function",
				parent: 6,
			},
		]);
		expect(label(4)).toBe(
			"the `client-broadcast` listener (`this.portal.socket.on`) in `Collab.startCollaboration`",
		);
		expect(label(7)).toBe(
			"the `permission.changed` handler (`service.onEvent`) in the `StreamListeners` constructor",
		);
	});

	it("reads private members, ordinals and callbacks nested in callbacks", () => {
		const { label, byId, parentOf } = rows([
			{ id: 2, name: "X", kind: "class" },
			{ id: 3, name: "X.#handle", kind: "method", parent: 2, signature: "#handle(e)" },
			{ id: 4, name: "X.#handle.this.#startSpan(a.b)", kind: "function", parent: 3 },
			{ id: 5, name: "X.#handle.this.#startSpan(a.b)~2", kind: "function", parent: 3 },
			{ id: 6, name: "Hub.run", kind: "function", signature: "function run()" },
			{ id: 7, name: "Hub.run.bus.on(start)", kind: "function", parent: 6 },
			{ id: 8, name: "Hub.run.bus.on(start).socket.once(join/room)", kind: "function", parent: 7 },
			{ id: 11, name: "get", kind: "function", signature: "async function get(file)" },
			{
				id: 9,
				name: "get.(awaitthis.store.getReadStream(file._id,file)).on(error)",
				kind: "function",
				parent: 11,
			},
			{ id: 10, name: "get.socket?.on(close)", kind: "function", parent: 11 },
		]);
		expect(label(4)).toBe("the `a.b` handler (`this.#startSpan`) in `X.#handle`");
		// A receiver that is an expression (the indexer drops its spaces) shows the method called only.
		expect(label(9)).toBe("the `error` listener (`….on`) in `get`");
		expect(label(10)).toBe("the `close` listener (`socket?.on`) in `get`");
		expect(label(5)).toBe("the 2nd `a.b` handler (`this.#startSpan`) in `X.#handle`");
		expect(label(8)).toBe(
			"the `join/room` listener (`socket.once`) in the `start` listener (`bus.on`) in `Hub.run`",
		);
		expect(parseHandlerName(byId.get(5) as LabelDef, parentOf)).toMatchObject({
			callee: "this.#startSpan",
			key: "a.b",
			member: null,
			ordinal: 2,
		});
	});

	it("calls a keyed callback no trunk registers the callback passed to its call; a listener stays one", () => {
		const { byId, parentOf } = rows([
			{ id: 2, name: "X", kind: "class" },
			{ id: 3, name: "X.#handle", kind: "method", parent: 2, signature: "#handle(e)" },
			{ id: 4, name: "X.#handle.this.#startSpan(a.b)", kind: "function", parent: 3 },
			{ id: 5, name: "X.#handle.this.#startSpan(a.b).this.#startSpan(c)~2", kind: "function", parent: 4 },
			{ id: 6, name: "X.#handle.socket.on(close)", kind: "function", parent: 3 },
			{ id: 7, name: "X.#handle.router.post(/orders)", kind: "function", parent: 3 },
		]);
		// A span's name is no dispatch key: only the route (id 7) is some trunk's handler.
		const registered = (def: LabelDef) => (def as { id?: number }).id === 7;
		const label = (id: number) => defLabel(byId.get(id) as LabelDef, parentOf, 0, registered);
		expect(label(4)).toBe('the callback passed to `this.#startSpan("a.b")` in `X.#handle`');
		expect(label(5)).toBe(
			'the 2nd callback passed to `this.#startSpan("c")` in the callback passed to `this.#startSpan("a.b")` in `X.#handle`',
		);
		expect(label(6)).toBe("the `close` listener (`socket.on`) in `X.#handle`");
		expect(label(7)).toBe("the `/orders` handler (`router.post`) in `X.#handle`");
		// Where the index cannot tell (no edges read), the key's handler wording stays.
		expect(defLabel(byId.get(4) as LabelDef, parentOf)).toBe(
			"the `a.b` handler (`this.#startSpan`) in `X.#handle`",
		);
		expect(labelParts(byId.get(4) as LabelDef, parentOf, 0, registered).brief).toBe(
			'the callback passed to `this.#startSpan("a.b")`',
		);
	});

	it("names callbacks in top-level code by their call, with and without a key", () => {
		const { label } = rows([
			{
				id: 2,
				name: "callbacks.add(afterMessageSave)",
				kind: "function",
				signature: "callbacks.add('afterMessageSave', async (m) =>",
			},
			{
				id: 3,
				name: "callbacks.add(afterMessageSave)~2",
				kind: "function",
				signature: "callbacks.add('afterMessageSave', (m) =>",
			},
			{
				id: 4,
				name: "router.post(shares/create)",
				kind: "function",
				signature: "router.post('/shares/create', async (ctx) =>",
			},
			// Keys never hold spaces as the indexer reads them; a label still quotes one whole.
			{ id: 5, name: "bus.emit(user left)", kind: "function" },
			{ id: 6, name: "Meteor.startup", kind: "function", signature: "Meteor.startup(() =>" },
			{ id: 7, name: "Meteor.startup~3", kind: "function", signature: "Meteor.startup (async () =>" },
		]);
		expect(label(2)).toBe("the `afterMessageSave` handler (`callbacks.add`)");
		expect(label(3)).toBe("the 2nd `afterMessageSave` handler (`callbacks.add`)");
		expect(label(4)).toBe("the `shares/create` handler (`router.post`)");
		expect(label(5)).toBe("the `user left` handler (`bus.emit`)");
		expect(label(6)).toBe("the callback passed to `Meteor.startup`");
		expect(label(7)).toBe("the 3rd callback passed to `Meteor.startup`");
	});

	it("names the members of an object passed to a call, its key and dotted member names included", () => {
		const { label } = rows([
			MODULE,
			{
				id: 2,
				name: "MessageAction.addButton.action",
				kind: "method",
				parent: 1,
				signature: "action(_, { message })",
			},
			{
				id: 3,
				name: "MessageAction.addButton.action~2",
				kind: "method",
				parent: 1,
				signature: "action(_, props)",
			},
			{
				id: 4,
				name: "API.v1.addRoute(livechat/room).get",
				kind: "method",
				parent: 1,
				signature: "async get()",
			},
			{ id: 5, name: "API.v1.addRoute(chat.send).post~2", kind: "method", parent: 1, signature: "post()" },
			{
				id: 6,
				name: "Meteor.methods.machineTranslate.saveSettings",
				kind: "method",
				parent: 1,
				signature: "async 'machineTranslate.saveSettings'(rid, field)",
			},
			{
				id: 7,
				name: "Meteor.methods.sendMessage",
				kind: "method",
				parent: 1,
				signature: "sendMessage: async (message) =>",
			},
			// An object nested in the argument: the member's path below the call.
			{ id: 8, name: "app.use.hooks", kind: "property", parent: 1, signature: "hooks: {" },
			{ id: 9, name: "app.use.hooks.onRequest", kind: "method", parent: 8, signature: "onRequest(req)" },
		]);
		expect(label(2)).toBe("the `action` callback passed to `MessageAction.addButton`");
		expect(label(3)).toBe("the 2nd `action` callback passed to `MessageAction.addButton`");
		expect(label(4)).toBe("the `get` handler for `livechat/room` (`API.v1.addRoute`)");
		expect(label(5)).toBe("the 2nd `post` handler for `chat.send` (`API.v1.addRoute`)");
		expect(label(6)).toBe("the `machineTranslate.saveSettings` callback passed to `Meteor.methods`");
		expect(label(7)).toBe("the `sendMessage` callback passed to `Meteor.methods`");
		expect(label(8)).toBe("the `hooks` object passed to `app.use`");
		expect(label(9)).toBe("the `hooks.onRequest` callback passed to `app.use`");
	});

	it("says the unnamed default export and top-level code in words", () => {
		const { label } = rows([
			MODULE,
			{ id: 2, name: "default", kind: "function", signature: "export default () =>" },
			{ id: 3, name: "default.this.on(ready)", kind: "function", parent: 2 },
			{ id: 4, name: "default", kind: "variable" },
			{ id: 5, name: "default.signIn", kind: "method", parent: 4, signature: "signIn()" },
		]);
		expect(label(1)).toBe("the top-level code");
		expect(label(2)).toBe("the default export");
		expect(label(3)).toBe("the `ready` listener (`this.on`) in the default export");
		expect(label(5)).toBe("`signIn` of the default export");
	});

	it("has a brief form for mentions after the first", () => {
		const { byId, parentOf } = rows([
			MODULE,
			{ id: 2, name: "A.b", kind: "method" },
			{ id: 3, name: "A.b.this.on(x)~2", kind: "function", parent: 2 },
			{ id: 4, name: "API.v1.addRoute(livechat/room).get", kind: "method", parent: 1, signature: "get()" },
		]);
		expect(labelParts(byId.get(3) as LabelDef, parentOf).brief).toBe("the 2nd `x` listener");
		expect(labelParts(byId.get(4) as LabelDef, parentOf).brief).toBe("the `get` handler for `livechat/room`");
	});

	it("spells ordinals", () => {
		expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinalWord)).toEqual([
			"1st",
			"2nd",
			"3rd",
			"4th",
			"11th",
			"12th",
			"13th",
			"21st",
			"22nd",
			"23rd",
			"101st",
			"111th",
		]);
	});
});

describe("Labels: put in after verification", () => {
	it("says what a handler is to the key it is registered under, when its label would name the key", () => {
		const { byId } = rows([
			{ id: 1, name: "(module)", kind: "module" },
			{ id: 3, name: "API.v1.addRoute(chat.send).post", kind: "method", parent: 1 },
			{
				id: 4,
				name: "Meteor.methods.sendMessage",
				kind: "method",
				parent: 1,
				signature: "async sendMessage(m) {",
			},
			{ id: 5, name: "Svc", kind: "class" },
			{ id: 6, name: "Svc.constructor", kind: "method", parent: 5 },
			{ id: 7, name: "Svc.constructor.this.on(a.b)", kind: "function", parent: 6 },
			{ id: 8, name: "Push.send", kind: "method", parent: 5 },
			{ id: 9, name: "Svc.constructor.this.on(a.b)~2", kind: "function", parent: 6 },
		]);
		const labels = new Labels({ defById: (id) => byId.get(id) });
		const role = (id: number, key: string) => labels.keyedRole(byId.get(id) as LabelDef, key);
		expect(role(3, "chat.send")).toBe("`post` handler");
		expect(role(4, "sendMessage")).toBe("callback passed to `Meteor.methods`");
		expect(role(7, "a.b")).toBe("listener");
		// Another key, a plain name, a second of its name: the label as it is.
		expect(role(3, "chat.update")).toBeNull();
		expect(role(8, "send")).toBeNull();
		expect(role(9, "a.b")).toBeNull();
	});

	it("replaces named definitions' code spans, in full first, brief after, capitalised at a start, never in fenced code", () => {
		const { byId } = rows([
			{ id: 2, name: "Svc", kind: "class" },
			{ id: 3, name: "Svc.constructor", kind: "method", parent: 2 },
			{ id: 4, name: "Svc.constructor.this.on(a.b)", kind: "function", parent: 3 },
			{ id: 5, name: "Push.send", kind: "method", parent: 2 },
		]);
		const labels = new Labels({ defById: (id) => byId.get(id) });
		const raw = labels.name(byId.get(4) as LabelDef);
		expect(raw).toBe("`Svc.constructor.this.on(a.b)`");
		expect(labels.name(byId.get(5) as LabelDef)).toBe("`Push.send`");
		const text = [
			`It starts in ${raw} [1], which calls \`Push.send\` [2].`,
			`1. ${raw} calls \`Push.send\``,
			"```ts",
			"`Svc.constructor.this.on(a.b)`",
			"```",
			`- ${raw} in \`svc.ts\` [1]`,
		].join("\n");
		expect(labels.apply(text).split("\n")).toEqual([
			"It starts in the `a.b` listener (`this.on`) in the `Svc` constructor [1], which calls `Push.send` [2].",
			"1. The `a.b` listener calls `Push.send`",
			"```ts",
			"`Svc.constructor.this.on(a.b)`",
			"```",
			"- The `a.b` listener in `svc.ts` [1]",
		]);
		expect(labels.labelOf("Push.send")).toBeUndefined();
		expect(labels.labelOf("Svc.constructor.this.on(a.b)")).toBe(
			"the `a.b` listener (`this.on`) in the `Svc` constructor",
		);
	});
});

describe("answers on the mini-chat index name handlers, never their raw synthetic names", () => {
	const index = indexForSuite(openFixtureIndex);

	/** Every definition of the fixture whose label is not its name: the raw names no answer may show. */
	const relabelled = () =>
		index()
			.files()
			.flatMap((f) => index().defsInFile(f.path))
			.filter((d) => defLabel(d, (id) => index().defById(id)) !== `\`${d.qualifiedName}\``);

	it("the fixture has handlers of each shape the indexer names", () => {
		const names = relabelled().map((d) => d.qualifiedName);
		expect(names).toContain("API.v1.addRoute(chat.sendMessage).post");
		expect(names).toContain("NotificationsService.constructor.this.onEvent(watch.messages)");
		expect(names).toContain("listenToPresence.service.onEvent(presence.status)");
	});

	it("in the impact answer (impact/answer.ts), which names registrants and callers", async () => {
		const r = await ask(index(), "What would break if the `afterMessageSave` callback changed?");
		expect(r.trace.material?.impact?.target).toBe("afterMessageSave");
		expect(r.answer).toContain("**Who registers on it**");
		const shown = relabelled().filter((d) => r.answer.includes(defLabel(d, (id) => index().defById(id))));
		expect(shown.length).toBeGreaterThan(0);
		for (const d of relabelled()) {
			const label = defLabel(d, (id) => index().defById(id));
			if (!label.includes(`\`${d.qualifiedName}\``)) expect(r.answer).not.toContain(`\`${d.qualifiedName}\``);
		}
		expect(r.answer.length).toBeLessThanOrEqual(SHORT_ANSWER_CHARS);
	});

	it("names the file after a handler's label with 'in', not a second pair of parentheses", async () => {
		// In full where the answer first names it (its first line), brief in the In short after it.
		const r = await ask(index(), "How does the server handle the chat.sendMessage route?");
		expect(r.answer).toContain(
			"the flow from the `post` handler for `chat.sendMessage` (`API.v1.addRoute`), through the hook `afterMessageSave`,",
		);
		expect(r.answer).toContain(
			"It starts in the `post` handler for `chat.sendMessage` (`apps/server/src/api/v1/chat.ts`),",
		);
		expect(r.answer).not.toMatch(/`\) \(`/);
		// Named first in the sentence that gives its file: "in" the file.
		const post = relabelled().find((d) => d.qualifiedName === "API.v1.addRoute(chat.sendMessage).post");
		const labels = new Labels(index());
		const raw = labels.name(post as NonNullable<typeof post>);
		expect(labels.apply(`It starts in ${raw} (\`apps/server/src/api/v1/chat.ts\`), which`)).toBe(
			"It starts in the `post` handler for `chat.sendMessage` (`API.v1.addRoute`) in `apps/server/src/api/v1/chat.ts`, which",
		);
	});

	for (const detail of ["short", "full"] as const)
		it(`in the ${detail} answer, its citations and its sources`, async () => {
			const r = await ask(index(), "How are push notifications sent when a new message is posted?", {
				detail,
			});
			expect(r.abstained).toBe(false);
			expect(r.answer).toMatch(/[Tt]he `post` handler for `chat\.sendMessage` \(`API\.v1\.addRoute`\)/);
			for (const d of relabelled()) {
				const label = defLabel(d, (id) => index().defById(id));
				// A callback without a key is named by its call, which its label writes too.
				if (!label.includes(`\`${d.qualifiedName}\``))
					expect(r.answer).not.toContain(`\`${d.qualifiedName}\``);
				expect(r.answer).not.toContain(`— ${d.qualifiedName}\n`);
			}
			// The citations keep the symbol as an identifier; the sources list shows the handler's label.
			const handlers = r.citations.filter((c) => sourceLabel(index(), c.file, c.symbol) !== c.symbol);
			expect(handlers.length).toBeGreaterThan(0);
			for (const c of handlers) {
				expect(index().def(`${c.file}#${c.symbol}`)).toBeDefined();
				expect(r.answer).toContain(
					`[${c.n}] ${c.file}:${c.startLine}-${c.endLine} — ${sourceLabel(index(), c.file, c.symbol)}\n`,
				);
			}
		});
});
