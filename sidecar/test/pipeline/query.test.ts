import { describe, expect, it } from "vitest";
import type { DefRow } from "../../src/index/types.js";
import { isAuxiliaryPath } from "../../src/pipeline/auxiliary-code.js";
import { conceptMatch, stemsMeet, wordStems } from "../../src/pipeline/match.js";
import {
	actorWords,
	analyzeQuestion,
	type Concept,
	routeKeysInIndex,
	weighConcepts,
} from "../../src/pipeline/query.js";
import { lexicalScore } from "../../src/pipeline/seed.js";
import { stem } from "../../src/pipeline/vocabulary.js";
import { defRow } from "../support/defs.js";

describe("analyzeQuestion", () => {
	it("drops filler and the repository's own name, keeps the topic", () => {
		const q = analyzeQuestion("How do push notifications work in Acme.Chat?", new Set(["acme", "chat"]));
		expect(q.concepts.map((c) => c.word)).toEqual(["push", "notifications"]);
		expect(q.intent).toBe("flow");
	});

	it("drops modal and framing words, which the code never writes and would read as off topic", () => {
		// "decide whether … may" framed a real question that the LLM-answer coverage check then refused.
		const q = analyzeQuestion("How does the server decide whether a user may delete a message?");
		expect(q.concepts.map((c) => c.word)).toEqual(["server", "user", "delete", "message"]);
	});

	it("reads intent from the wording", () => {
		expect(analyzeQuestion("What would be impacted if the cache changed?").intent).toBe("impact");
		expect(analyzeQuestion("Where is the permission check located?").intent).toBe("locate");
		expect(analyzeQuestion("What breaks if I remove the cache?").intent).toBe("impact");
		expect(analyzeQuestion("Who calls the mailer?").intent).toBe("impact");
		// An ordinary verb is a topic word, not an impact marker.
		const change = analyzeQuestion("How does a user change their email address?");
		expect(change.intent).toBe("flow");
		expect(change.concepts.map((c) => c.word)).toContain("change");
		expect(analyzeQuestion("what does broken do").concepts.map((c) => c.word)).toEqual(["broken"]);
	});

	it("reads an edit in the if-clause as impact, unless the question asks how (a flow the edit sets off)", () => {
		expect(analyzeQuestion("If I edit the invoice template, which code would need to change?").intent).toBe(
			"impact",
		);
		expect(analyzeQuestion("What would stop working if I rename the settings table?").intent).toBe("impact");
		// "the change" of the main clause is a noun; the question traces what happens after the edit.
		const how = analyzeQuestion(
			"If I edit a note's file on disk, how does the change show up in the editor?",
		);
		expect(how.intent).toBe("flow");
		expect(analyzeQuestion("How does the editor reload if I delete a note's file?").intent).toBe("flow");
	});

	it("weighs the person who acts ('when a user deletes a post') at half: the question is about the act", () => {
		expect([...actorWords("What happens when a user deletes a post from the calendar?")]).toEqual(["user"]);
		expect([...actorWords("How are settings applied when an admin changes them?")]).toEqual(["admin"]);
		expect([...actorWords("How does a user change their email address?")]).toEqual(["user"]);
		expect([...actorWords("What happens once users sign in?")]).toEqual(["users"]);
		// The user as the object, a possessive or a noun after the word is no actor; a named role is the feature.
		expect(actorWords("How does the backend authenticate a signed-in user on queries?").size).toBe(0);
		expect(actorWords("When the user profile is saved, what runs?").size).toBe(0);
		expect(actorWords("What is stored for each user in the database?").size).toBe(0);
		expect(
			actorWords("When a collaborator moves their mouse, how does the pointer reach the others?").size,
		).toBe(0);
		const q = analyzeQuestion("What happens when a user deletes a post?");
		const user = q.concepts.find((c) => c.word === "user");
		const deletes = q.concepts.find((c) => c.word === "deletes");
		expect(user?.emphasis).toBeCloseTo(((deletes?.emphasis ?? 0) * 0.5) / 0.95, 5);
		// Still a search word: "add a user" questions keep it whole.
		expect(q.directWords).toContain("user");
		expect(
			analyzeQuestion("How do I add a user to a room?").concepts.find((c) => c.word === "user")?.emphasis,
		).toBe(0.95);
	});

	it("reads 'the client side' as a folder of the application, not a word inside names", () => {
		const q = analyzeQuestion("How is a message sent on the client side?");
		const client = q.concepts.find((c) => c.word === "client");
		expect(client?.layer).toBe(true);
		// Not searched as text: the word is everywhere the layer is not (a `ddp-client` package).
		expect(q.directWords).not.toContain("client");
		const layer = client as NonNullable<typeof client>;
		expect(conceptMatch(layer, wordStems("apps/web/client/lib/flows/sendMessage.ts"))).toBe(1);
		expect(conceptMatch(layer, wordStems("packages/ddp-client/src/DDPClient.ts"))).toBe(0);
		expect(conceptMatch(layer, wordStems("SupportChatClient.sendMessage"))).toBe(0);
		// Hyphenated, it is the same layer; without "side" the word is an ordinary concept.
		expect(
			analyzeQuestion("Where is the server-side check?").concepts.find((c) => c.word === "server")?.layer,
		).toBe(true);
		const plain = analyzeQuestion("How does the client reconnect?").concepts.find((c) => c.word === "client");
		expect(plain?.layer).toBeUndefined();
		expect(conceptMatch(plain as NonNullable<typeof plain>, wordStems("DDPClient.reconnect"))).toBe(1);
	});

	it("reads an HTTP route written in the question as the keys the index gives routes", () => {
		expect(analyzeQuestion("What happens on POST /items/:collection?").identifiers).toContain(
			"POST /items/:collection",
		);
		// A bare path: under each common verb, whichever the code registers.
		const bare = analyzeQuestion("Which code handles /items/:collection/:pk?").identifiers;
		expect(bare).toContain("GET /items/:collection/:pk");
		expect(bare).toContain("PATCH /items/:collection/:pk");
		// One segment, or a slash between words, is no route.
		expect(analyzeQuestion("How do client and/or server talk over /ws?").identifiers).toEqual([]);
	});

	it("reads a route below a base path the index does not know as the key the index has", () => {
		const keys = new Set(["PATCH /users/:userId/password", "GET /v2/orders", "GET /orders"]);
		const has = (k: string) => keys.has(k);
		// `/api` mounted by a call no idiom reads: the route is the index's key without it.
		expect(routeKeysInIndex(["PATCH /api/users/:userId/password"], has)).toEqual([
			"PATCH /users/:userId/password",
		]);
		// A key the index has stays; so do keys with no shorter match, and non-route identifiers.
		expect(routeKeysInIndex(["GET /v2/orders", "GET /api/items/:id", "verifyPassword"], has)).toEqual([
			"GET /v2/orders",
			"GET /api/items/:id",
			"verifyPassword",
		]);
		// A parameter is never dropped as a base path; one segment left is a route like any other.
		expect(routeKeysInIndex(["PATCH /:tenant/users/:userId/password", "GET /api/orders"], has)).toEqual([
			"PATCH /:tenant/users/:userId/password",
			"GET /orders",
		]);
	});

	it("finds the index's key for a route whose parameters the question spells otherwise, or registered for ALL", () => {
		const keys = ["ALL /api/v2/orders/:orderId", "GET /items/:collection/:id", "POST /items/:collection"];
		const has = (k: string) => keys.includes(k);
		const q = analyzeQuestion(
			"Who handles GET /api/v2/orders/{orderId} and POST /items/[collection]?",
		).identifiers;
		expect(routeKeysInIndex(q, has, () => keys)).toEqual([
			"orderId",
			"ALL /api/v2/orders/:orderId",
			"POST /items/:collection",
		]);
		// Parameter names may differ; a verb the index has wins over ALL; a literal segment must match.
		expect(
			routeKeysInIndex(
				["GET /items/${name}/{itemId}", "DELETE /items/:c/:id", "GET /api/v2/refunds/:id"],
				has,
				() => keys,
			),
		).toEqual(["GET /items/:collection/:id", "DELETE /items/:c/:id", "GET /api/v2/refunds/:id"]);
		// A bare path asked under every verb meets the ALL key once.
		const bare = analyzeQuestion("What serves /api/v2/orders/:orderId?").identifiers;
		expect(routeKeysInIndex(bare, has, () => keys).filter((k) => k.includes(" /"))).toEqual([
			"ALL /api/v2/orders/:orderId",
		]);
	});

	it("reads a dotted name that is an RPC-style route's path as that route's key too", () => {
		const keys = new Set(["POST /documents.create", "GET /users.list", "chat.sendMessage"]);
		const has = (k: string) => keys.has(k);
		const q = analyzeQuestion("Which server code runs when the client calls documents.create?").identifiers;
		expect(routeKeysInIndex(q, has)).toEqual(["documents.create", "POST /documents.create"]);
		// Whichever verb the route has; a dotted name that is a key itself, or no route's path, stays alone.
		expect(
			routeKeysInIndex(["users.list", "chat.sendMessage", "user.profile.save", "sendMessage"], has),
		).toEqual(["users.list", "GET /users.list", "chat.sendMessage", "user.profile.save", "sendMessage"]);
	});

	it("reads a framework named as a proper noun as the technology, matched as written", () => {
		const q = analyzeQuestion("How is a message rendered from raw text to React components?");
		const react = q.concepts.find((c) => c.word === "react") as NonNullable<(typeof q.concepts)[number]>;
		expect(react.technology).toBe(true);
		// No synonyms (a chat app's "reaction" group) and no extra weight for its capital.
		expect(react.related).toEqual([]);
		expect(react.capitalised).toBeUndefined();
		expect(
			conceptMatch(react, wordStems("client/components/message/content/reactions/useToggleReaction.ts")),
		).toBe(0);
		expect(conceptMatch(react, wordStems("packages/gazzodown/src/ReactRenderer.tsx"))).toBe(1);
		expect(conceptMatch(react, wordStems("packages/react/src/index.ts"))).toBe(1);
		// Lower case it is the verb of a chat app ("react to a message"): an ordinary concept.
		const verb = analyzeQuestion("How do users react to a message?").concepts.find((c) => c.word === "react");
		expect(verb?.technology).toBeUndefined();
		expect(verb?.related).toContain("reaction");
	});

	it("keeps a brand-cased name's joined form (tRPC, OAuth) as a stem of the word it splits into", () => {
		const q = analyzeQuestion("How does the client call the server through tRPC and OAuth?");
		const rpc = q.concepts.find((c) => c.word === "rpc");
		expect(rpc?.stems).toEqual(["rpc", "trpc"]);
		expect(conceptMatch(rpc as NonNullable<typeof rpc>, wordStems("packages/trpc/server/router.ts"))).toBe(1);
		expect(q.concepts.find((c) => c.word === "auth")?.stems).toEqual(["auth", "oauth"]);
		// An ordinary camelCase identifier is no brand.
		expect(analyzeQuestion("Who calls sendMessage?").concepts.every((c) => c.stems.length === 1)).toBe(true);
	});

	it("reads an acronym in the plural (URLs, IDs, JWTs) as one word, in questions and in names", () => {
		const q = analyzeQuestion(
			"What would be affected if I change how file URLs and JWTs are built from IDs?",
		);
		const words = q.concepts.map((c) => c.word);
		expect(words).toEqual(expect.arrayContaining(["urls", "jwts", "ids"]));
		expect(words).not.toEqual(expect.arrayContaining(["ur"]));
		expect(words.some((w) => ["ls", "jw", "ts", "ds"].includes(w))).toBe(false);
		const urls = q.concepts.find((c) => c.word === "urls");
		expect(urls?.stems).toContain("url");
		// A name writing the acronym in the plural meets the question's word; its split words stay.
		const stems = wordStems("src/attachments/getURLs.ts");
		expect(stems).toEqual(expect.arrayContaining(["get", "ur", "ls", "url"]));
		expect(conceptMatch(urls as NonNullable<typeof urls>, stems)).toBe(1);
		// An acronym and a word after it still split (`HTTPServer`), and a capitalised word is no acronym.
		expect(wordStems("HTTPServer")).not.toContain("https");
		expect(analyzeQuestion("Which Modules are loaded?").concepts.map((c) => c.word)).toContain("modules");
	});

	it("keeps literal identifiers", () => {
		const q = analyzeQuestion("What is the call chain for sendMessage and proxify()?");
		expect(q.identifiers).toEqual(["sendMessage", "proxify"]);
	});

	it("keeps a compound's parts even when another compound used the word first", () => {
		const q = analyzeQuestion("How do data-plugins load in sub-plugin mode?");
		const sub = q.concepts.find((c) => c.word === "subplugin");
		expect(sub?.parts).toContain("plugins");
		expect(sub?.related).toContain("plugin");
	});

	it("takes a compound's parts from its own pieces, not from words that occur inside it", () => {
		const q = analyzeQuestion("How are the ui updates sent by the build-queue?");
		expect(q.concepts.map((c) => c.word)).toContain("ui");
		expect(q.concepts.find((c) => c.word === "buildqueue")?.parts).not.toContain("ui");
	});

	it("bridges question words to code words generically", () => {
		const twoFactor = analyzeQuestion("How does two-factor authentication (2FA) work?");
		const c = twoFactor.concepts.find((x) => x.word === "twofactor");
		expect(c).toBeDefined();
		// A camelCase identifier in code meets the hyphenated question word.
		expect(conceptMatch(c as NonNullable<typeof c>, wordStems("checkTwoFactorCode"))).toBeGreaterThan(0);
		const channel = analyzeQuestion("What happens when a user creates a channel?").concepts.find(
			(x) => x.word === "channel",
		);
		expect(conceptMatch(channel as NonNullable<typeof channel>, wordStems("createRoom"))).toBe(0.5);
	});

	it("reads a phrasal verb code writes as one word as that word: signs in → signIn, not signUp", () => {
		const q = analyzeQuestion("What happens when a user signs in with email and password?");
		const c = q.concepts.find((x) => x.word === "signin");
		expect(c).toBeDefined();
		const signin = c as NonNullable<typeof c>;
		expect(conceptMatch(signin, wordStems("signIn"))).toBeGreaterThan(
			conceptMatch(signin, wordStems("signUp")),
		);
		expect(analyzeQuestion("What happens once users have logged out?").concepts.map((x) => x.word)).toContain(
			"logout",
		);
		// Not every verb and particle: "settings on the page" is no phrasal verb.
		expect(analyzeQuestion("Where are the settings on the page?").concepts.map((x) => x.word)).not.toContain(
			"settingon",
		);
	});

	it("gives a phrasal verb's verb alone no weaker match: logging in is no logging, setting up no setter", () => {
		const concept = (question: string, word: string) =>
			analyzeQuestion(question).concepts.find((x) => x.word === word) as Concept;
		const login = concept(
			"How does logging in to the admin work, from the login form to the session?",
			"login",
		);
		expect(conceptMatch(login, wordStems("loginAs"))).toBe(1);
		expect(conceptMatch(login, wordStems("formatLogByEnv"))).toBe(0);
		expect(conceptMatch(login, wordStems("createLogger"))).toBe(0);
		const setup = concept("How is the evaluator set up for a project?", "setup");
		expect(conceptMatch(setup, wordStems("setupEvaluator"))).toBe(1);
		expect(conceptMatch(setup, wordStems("setName"))).toBe(0);
		// A hyphenated compound keeps its parts as the weaker match: "real-time" meets `realName` a little.
		const realTime = concept("How do real-time updates reach the browser?", "realtime");
		expect(conceptMatch(realTime, wordStems("realName"))).toBe(0.5);
	});

	it("relates only general vocabulary, not one repository's names", () => {
		const related = (question: string, word: string) =>
			analyzeQuestion(question).concepts.find((x) => x.word === word)?.related ?? [];
		// "e2e" usually names end-to-end tests; a CLI's "command" is no slash command.
		expect(related("How are the e2e tests run?", "e2e")).not.toContain("encryption");
		expect(related("How does the command parse its options?", "command")).not.toContain("slash");
		expect(related("How is the permission checked?", "permission")).not.toContain("can");
		expect(related("How does message encryption work?", "encryption")).toContain("crypto");
		// Raw input is what a parser reads; markdown is one repository's kind of text, not a synonym.
		expect(related("How is a document built from raw input?", "raw")).toEqual(
			expect.arrayContaining(["parse", "parser"]),
		);
		expect(related("How is a document built from raw input?", "raw")).not.toContain("markdown");
	});

	it("keeps four letters of an -ation word's stem, so it meets the verb ('creation' and createRoom)", () => {
		expect(stem("validation")).toBe("valid");
		expect(stem("creation")).toBe("creat");
		expect(stem("mutations")).toBe("mutat");
		const creation = analyzeQuestion("What happens on room creation?").concepts.find(
			(c) => c.word === "creation",
		);
		expect(creation && conceptMatch(creation, wordStems("createRoom"))).toBe(1);
	});

	it("reads `gql` in code as GraphQL's abbreviation", () => {
		const graphql = analyzeQuestion("How are GraphQL requests authenticated?").concepts.find(
			(c) => c.word === "graphql",
		);
		expect(graphql && conceptMatch(graphql, wordStems("GraphqlAuthGuard"))).toBeGreaterThan(0);
	});

	it("matches words by stem and shared prefix", () => {
		expect(stemsMeet("translat", "translation")).toBe(true);
		expect(stemsMeet("notify", "notific")).toBe(true);
		expect(stemsMeet("use", "user")).toBe(false);
	});

	it("reads an acronym that case splitting cuts wrongly as the word a question writes", () => {
		// An interface's `I` glued to an acronym, a letter-digit acronym before a word.
		expect(wordStems("ILDAPService.loginAuthenticatedUserRequest")).toContain("ldap");
		expect(wordStems("packages/core-services/src/types/ILDAPService.ts")).toContain("ldap");
		expect(wordStems("E2EChannel.shareKeyWithMembers")).toContain("e2e");
		expect(wordStems("E2EEKeyDecodeModal")).toContain("e2ee");
		// The split words stay: an acronym that begins with I is still itself.
		expect(wordStems("IRCBridge")).toEqual(expect.arrayContaining(["irc", "bridge"]));
		expect(wordStems("IMessageService")).not.toContain("m");
		const ldap = analyzeQuestion("How does LDAP authentication work?").concepts.find(
			(c) => c.word === "ldap",
		);
		expect(ldap && conceptMatch(ldap, wordStems("ILDAPService"))).toBe(1);
	});

	it("reads a brand cased as a word and an acronym as one word, as code writes it", () => {
		const q = analyzeQuestion("How does the backend authenticate users on GraphQL queries?");
		const words = q.concepts.map((c) => c.word);
		expect(words).toContain("graphql");
		// "ql" alone is no word of any code: as a concept it would be the question's rarest.
		expect(words).not.toContain("ql");
		expect(words).not.toContain("graph");
		const graphql = q.concepts.find((c) => c.word === "graphql");
		expect(graphql?.capitalised).toBe(true);
		expect(graphql && conceptMatch(graphql, wordStems("apps/backend/src/graphql/resolver.ts"))).toBe(1);
		expect(graphql && conceptMatch(graphql, wordStems("GraphQLModule"))).toBe(1);
		// A word alone and a camel-cased name are no brand.
		expect(analyzeQuestion("How is the Graph drawn?").concepts.map((c) => c.word)).toContain("graph");
	});

	it("tells test code from a feature folder named test", () => {
		expect(isAuxiliaryPath("packages/cli/test/run.ts")).toBe(true);
		expect(isAuxiliaryPath("tests/e2e/login.ts")).toBe(true);
		expect(isAuxiliaryPath("packages/ui/src/tests/utils.ts")).toBe(true);
		expect(isAuxiliaryPath("src/lib/__tests__/a.ts")).toBe(true);
		expect(isAuxiliaryPath("src/lib/a.spec.ts")).toBe(true);
		// The options of a CLI's `test` command, the components of a test runner view.
		expect(isAuxiliaryPath("packages/cli/src/options/test/env.ts")).toBe(false);
		expect(isAuxiliaryPath("packages/web/src/components/http/test/Runner.vue")).toBe(false);
	});

	it("keeps weight on a topic the question capitalises, however common the word is", () => {
		const q = analyzeQuestion("How does the Settings system sync settings to the client?");
		const plain = analyzeQuestion("How does the system sync settings to the client?");
		// Every definition mentions settings; sync and client are rare.
		const df = (w: string) => (w.startsWith("sett") ? 900 : 10);
		weighConcepts(q.concepts, df, 1000);
		weighConcepts(plain.concepts, df, 1000);
		const weight = (a: typeof q, w: string) => a.concepts.find((c) => c.word === w)?.weight ?? 0;
		expect(weight(plain, "settings")).toBeLessThanOrEqual(0.35);
		expect(weight(q, "settings")).toBeGreaterThanOrEqual(0.5);
		expect(weight(q, "settings")).toBeLessThan(weight(q, "sync"));
	});

	it("weighs a guide question's verb half: it is the reader's action, not the code's", () => {
		const guide = analyzeQuestion("How do you create a new invoice template?");
		const flow = analyzeQuestion("Why do you create a new invoice template?");
		weighConcepts(guide.concepts, () => 10, 1000);
		weighConcepts(flow.concepts, () => 10, 1000);
		const weight = (a: typeof guide, w: string) => a.concepts.find((c) => c.word === w)?.weight ?? 0;
		expect(weight(guide, "create")).toBeCloseTo(weight(flow, "create") / 2, 5);
		expect(weight(guide, "invoice")).toBeCloseTo(weight(flow, "invoice"), 5);
	});

	it("reads a closed compound as its two words: one of them alone is a part, not the concept", () => {
		const q = analyzeQuestion("When is the timestamp of a shared workspace written?");
		// The code writes `time`, `stamp`, `work`, `space` often; `entication` and the like never.
		const words = new Set(["time", "stamp", "work", "space", "shared", "auth"]);
		const df = (w: string) => (words.has(w) ? 50 : 1);
		weighConcepts(q.concepts, df, 1000);
		const concept = (w: string) => q.concepts.find((c) => c.word === w) as Concept;
		expect(concept("timestamp").pieces).toEqual(["time", "stamp"]);
		expect(concept("workspace").pieces).toEqual(["work", "space"]);
		expect(concept("shared").pieces).toBeUndefined();
		// `timeout` is no timestamp; `createdTimestamp` and `timeStamp` are.
		expect(conceptMatch(concept("timestamp"), wordStems("timeout"))).toBe(0);
		expect(conceptMatch(concept("timestamp"), wordStems("createdTimestamp"))).toBe(1);
		expect(conceptMatch(concept("timestamp"), wordStems("timeStamp"))).toBe(1);
		// A hyphenated compound's piece alone is a part (a related word), both together the whole.
		const h = analyzeQuestion("How are lazy-loaded modules found?");
		weighConcepts(h.concepts, (w) => (w === "lazy" || w === "load" ? 50 : 1), 1000);
		const lazy = h.concepts[0] as Concept;
		expect(lazy.pieces).toEqual(["lazy", "load"]);
		expect(conceptMatch(lazy, wordStems("lazyLoad"))).toBe(1);
		expect(conceptMatch(lazy, wordStems("lazyValue"))).toBe(0.5);
		// An abbreviation is no piece: its rest is no word of the code.
		const auth = analyzeQuestion("How does authentication work?");
		weighConcepts(auth.concepts, df, 1000);
		expect(auth.concepts[0]?.pieces).toBeUndefined();
		expect(conceptMatch(auth.concepts[0] as Concept, wordStems("authGuard"))).toBe(1);
	});
});

describe("lexicalScore of keyed names", () => {
	const def = (qualifiedName: string): DefRow =>
		defRow("server/api/routes.ts", qualifiedName, "method", {
			startLine: 1,
			endLine: 5,
			signature: "async get()",
		});
	const q = analyzeQuestion("How are invoices stored?");

	it("does not take the key of a register call's object member for the member's name", () => {
		// A route family's word (`invoices.list`, `invoices.get`, …) would match every route of it.
		expect(lexicalScore(q, def("api.addRoute(invoices.list).get")).score).toBe(0);
	});

	it("keeps the key of a keyed callback, which is all its name says", () => {
		expect(lexicalScore(q, def("events.on(invoices.stored)")).score).toBeGreaterThan(0);
	});
});
