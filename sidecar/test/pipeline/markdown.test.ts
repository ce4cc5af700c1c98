import { describe, expect, it } from "vitest";
import { code, keyLabel, keyWords, listWords, sentence, shownKey } from "../../src/pipeline/markdown.js";
import { defRow } from "../support/defs.js";

describe("offline answer Markdown helpers", () => {
	it("quotes a doc sentence whole, ends a cut one at a word, and drops one that says nothing", () => {
		expect(sentence("Sends a push to every device.", 160)).toBe("Sends a push to every device.");
		expect(sentence("Sends a push to every device", 160)).toBe("Sends a push to every device.");
		const cut =
			"Upgrades a sketched line to an arrow when it connects two elements (called from the pointer-up handler".slice(
				0,
				80,
			);
		expect(sentence(cut, 80)).toBe(
			"Upgrades a sketched line to an arrow when it connects two elements (called…",
		);
		expect(sentence("Mutation", 160)).toBe("");
		expect(sentence("", 160)).toBe("");
	});

	it("joins lists in prose and keeps backticks from breaking inline code", () => {
		expect(listWords(["a"])).toBe("a");
		expect(listWords(["a", "b", "c"])).toBe("a, b and c");
		expect(code("a`b")).toBe("`a'b`");
	});

	it("says a dispatch key in a newcomer's words, from its trunk's family or its key's shape", () => {
		const key = (trunk: string, name: string) =>
			defRow(null, name, "dispatch-key", { defId: `trunk:${trunk}#${name}`, name });
		const sent = (trunk: string, name: string) => keyWords(key(trunk, name)).sent;
		// Preset trunks: the head word of the name says the family.
		expect(sent("rest", "chat.sendMessage")).toBe("calls the endpoint `chat.sendMessage`");
		expect(sent("meteor-method", "sendMessage")).toBe("calls the server method `sendMessage`");
		expect(sent("service-events", "notify.room")).toBe("emits the event `notify.room`");
		expect(sent("api-call", "billing.charge")).toBe("calls the service method `billing.charge`");
		expect(sent("callbacks", "afterMessageSave")).toBe("runs the hook `afterMessageSave`");
		expect(sent("streamer", "room-messages")).toBe("uses the stream `room-messages`");
		expect(sent("pubsub", "team/1/created")).toBe("publishes the topic `team/1/created`");
		expect(sent("slash-command", "invite")).toBe("runs the command `invite`");
		// Discovered trunks, named after their receiver or verb.
		expect(sent("worker", "send-email")).toBe("sends the job `send-email` to the queue");
		expect(sent("on-event", "order.created")).toBe("emits the event `order.created`");
		expect(sent("workflows", "publishPost")).toBe("starts the workflow `publishPost`");
		expect(sent("define-action-handler", "modals/open")).toBe("dispatches the action `modals/open`");
		expect(sent("graphql", "createTeam")).toBe("sends the GraphQL operation `createTeam`");
		// An HTTP route key is an endpoint whatever the trunk's name.
		expect(sent("client", "POST /auth/signin")).toBe("calls the endpoint `POST /auth/signin`");
		// A trunk whose name says nothing of its family keeps the index's words.
		expect(sent("passport", "jwt")).toBe("dispatches the passport key `jwt`");
		expect(keyLabel(key("callbacks", "afterMessageSave"))).toBe("hook `afterMessageSave`");
	});

	it("shows a key built from a template literal with its run-time parts as the template writes them", () => {
		const key = (trunk: string, name: string) =>
			defRow(null, name, "dispatch-key", { defId: `trunk:${trunk}#${name}`, name });
		// The trunks write each run-time part as `:param`, a placeholder the code never writes.
		expect(keyWords(key("pubsub", "team_req/:param/req_created")).sent).toBe(
			"publishes the topic `team_req/${…}/req_created`",
		);
		expect(shownKey("cancelling-:param")).toBe("cancelling-${…}");
		expect(shownKey("GET /orders/:param/items/:param")).toBe("GET /orders/${…}/items/${…}");
		// A route's own parameters are written so in the code.
		expect(shownKey("GET /users/:id")).toBe("GET /users/:id");
		expect(shownKey("GET /users/:paramId")).toBe("GET /users/:paramId");
	});
});
