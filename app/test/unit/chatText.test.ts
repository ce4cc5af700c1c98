import { describe, expect, it } from "vitest";
import { chatSafe } from "../../lib/chatText";
import { parsedKinds as kinds } from "../support/parsed-kinds";

describe("chatSafe", () => {
	it("leaves no mention: package scopes become code, other @names are broken", () => {
		const text = chatSafe("Uses (@rocket.chat/models) and @all, @here, @alice.bob and `@x/y`.");
		expect(kinds(text).filter((kind) => kind.startsWith("MENTION"))).toEqual([]);
		expect(text).toContain("`@rocket.chat/models`");
		expect(text).toContain("`@x/y`");
		expect(text.replace(/\u2060/g, "")).toContain("@all, @here, @alice.bob");
	});

	it("keeps dotted identifiers from turning into links, and real links intact", () => {
		const text = chatSafe(
			"It calls sdk.rest.post, e.g. once; see [the docs](https://example.com/a.b) or https://x.org/y",
		);
		const links = kinds(text).filter((kind) => kind === "LINK");
		expect(links).toHaveLength(2);
		expect(text).toContain("`sdk.rest.post`");
		expect(text).toContain("e.g. once");
	});

	it("turns headings into bold lines and leaves code fences alone", () => {
		const text = chatSafe("### How it works\n```ts\n@decorator a.b\n```\n# Top");
		expect(kinds(text)).not.toContain("HEADING");
		expect(text).toContain("*How it works*");
		expect(text).toContain("```ts\n@decorator a.b\n```");
	});
});
