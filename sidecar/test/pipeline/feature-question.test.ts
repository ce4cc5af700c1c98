import { describe, expect, it } from "vitest";
import { asksHowFeatureWorks } from "../../src/pipeline/feature-question.js";

describe("a question asking how a whole feature works", () => {
	it.each([
		"How does the Settings system work — from registration to client-side access?",
		"How do push notifications work?",
		"What is the storage workflow for file uploads?",
		"How is a message rendered from raw text to React components?",
		"Describe the lifecycle of a job",
	])("is told from its wording: %s", (q) => {
		expect(asksHowFeatureWorks(q)).toBe(true);
	});

	it.each([
		"Where is the logic for message permission validation located?",
		"What happens when a user deletes a post from the calendar?",
		"What would be affected if I change UserService.deleteUserByUID?",
		"How is a message sent on the server side?",
		"Who works on the worker queue?",
	])("is not one about a step, a place or a change: %s", (q) => {
		expect(asksHowFeatureWorks(q)).toBe(false);
	});
});
