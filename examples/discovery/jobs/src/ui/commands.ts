/** Palette commands: `{ id, run }` objects no call sends by name. */
export const commands = [
	{ id: "palette.open", run: () => console.log("open") },
	{ id: "palette.close", run: () => console.log("close") },
];
