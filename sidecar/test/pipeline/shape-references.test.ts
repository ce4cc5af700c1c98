/** The data shapes the fused seed ranking's top files use (shape-references.ts). */
import { describe, expect, it } from "vitest";
import {
	holdAtRank,
	isShapeKind,
	SHAPE_MIN_USERS,
	SHAPE_REFERENCE_WEIGHT,
	ShapeUsers,
} from "../../src/pipeline/shape-references.js";

const ranking = (fused: Map<string, number>) =>
	[...fused.entries()].sort((x, y) => y[1] - x[1]).map(([f]) => f);

describe("ShapeUsers", () => {
	it("lifts a type enough top files use by a share of their scores", () => {
		const users = new ShapeUsers();
		const scores = [0.06, 0.05, 0.04];
		for (const [i, s] of scores.entries()) users.add("types/IConference.ts", `service${i}.ts`, s);
		expect(SHAPE_MIN_USERS).toBe(3);
		expect(users.lifts(new Set()).get("types/IConference.ts")).toBeCloseTo(SHAPE_REFERENCE_WEIGHT * 0.15);
	});

	it("counts a user once however many of its definitions use the type", () => {
		const users = new ShapeUsers();
		users.add("types/IConference.ts", "service.ts", 0.06);
		users.add("types/IConference.ts", "service.ts", 0.06);
		users.add("types/IConference.ts", "model.ts", 0.05);
		expect(users.lifts(new Set()).has("types/IConference.ts")).toBe(false);
	});

	it("leaves a type fewer files use, or one a flow edge already links, to the graph channel", () => {
		const users = new ShapeUsers();
		for (const u of ["a.ts", "b.ts"]) users.add("types/ILocal.ts", u, 0.05);
		for (const u of ["a.ts", "b.ts", "c.ts"]) users.add("types/IEvent.ts", u, 0.05);
		expect(users.lifts(new Set(["types/IEvent.ts"])).size).toBe(0);
		expect([...users.lifts(new Set()).keys()]).toEqual(["types/IEvent.ts"]);
	});

	it("takes types, interfaces and enums, not classes or functions", () => {
		expect(["type", "interface", "enum"].every((kind) => isShapeKind({ kind: kind as "type" }))).toBe(true);
		expect(isShapeKind({ kind: "class" })).toBe(false);
		expect(isShapeKind({ kind: "function" })).toBe(false);
	});
});

describe("holdAtRank", () => {
	it("keeps a lifted type at its pre-graph place, below the files ranked above it", () => {
		const fused = new Map([
			["service.ts", 0.09],
			["model.ts", 0.08],
			["types/ITeam.ts", 0.1],
			["rest.ts", 0.05],
		]);
		holdAtRank(fused, "types/ITeam.ts", 2, 0.04);
		expect(ranking(fused)).toEqual(["service.ts", "model.ts", "types/ITeam.ts", "rest.ts"]);
	});

	it("never takes away what the type had before the lift", () => {
		const fused = new Map([
			["service.ts", 0.09],
			["linked.ts", 0.03],
			["types/ITeam.ts", 0.1],
		]);
		// Pre-graph the type was third; the file above it then fell below it: it keeps its own score.
		holdAtRank(fused, "types/ITeam.ts", 2, 0.05);
		expect(fused.get("types/ITeam.ts")).toBe(0.05);
		expect(ranking(fused)).toEqual(["service.ts", "types/ITeam.ts", "linked.ts"]);
	});

	it("does not move a type below its place when the lift left it there", () => {
		const fused = new Map([
			["service.ts", 0.09],
			["types/ITeam.ts", 0.06],
			["model.ts", 0.08],
		]);
		holdAtRank(fused, "types/ITeam.ts", 1, 0.04);
		expect(fused.get("types/ITeam.ts")).toBe(0.06);
	});

	it("leaves the first file first", () => {
		const fused = new Map([
			["types/IConference.ts", 0.2],
			["service.ts", 0.1],
		]);
		holdAtRank(fused, "types/IConference.ts", 0, 0.05);
		expect(fused.get("types/IConference.ts")).toBe(0.2);
	});
});
