/** Plain values kept under names (no command objects): no registry. */
export class Palette {
	constructor(readonly colors: string[]) {}
}

export const palettes = new Map<string, Palette>();
palettes.set("warm", new Palette(["red", "orange"]));
palettes.set("cold", new Palette(["blue", "teal"]));

export function pick(name: "warm" | "cold") {
	return palettes.get(name);
}

export function pickBoth() {
	return [palettes.get("warm"), palettes.get("cold")];
}
