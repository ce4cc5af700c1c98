/**
 * Offline PNG rendering: Graphviz compiled to WebAssembly lays out DOT as SVG, resvg rasterises
 * it. No browser and no network; system fonts (DejaVu Sans when present) draw the text.
 */
import { writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { Chain } from "@codeask/shared";
import type { Graphviz } from "@hpcc-js/wasm-graphviz";
import { makeDirs } from "../make-dirs.js";
import { modelDot, packageGraphDot } from "./dot.js";
import { buildDiagramModel, type ModelOptions } from "./model.js";
import type { PackageGraphOptions, PackageGraphSource } from "./package-graph.js";

let graphviz: Promise<Graphviz> | undefined;

/**
 * Lay out DOT as SVG. The WebAssembly module is imported and loaded on first use, once per
 * process, so CLI commands that draw nothing never pay for it.
 */
export async function dotToSvg(dot: string): Promise<string> {
	graphviz ??= import("@hpcc-js/wasm-graphviz").then((m) => m.Graphviz.load());
	return (await graphviz).dot(dot, "svg");
}

export interface PngOptions {
	/** Scale of the SVG at 96 dpi; default 1.5, readable in a chat window. */
	zoom?: number;
	/** Cap on the output width in pixels (default 2400); large graphs are scaled down to it. */
	maxWidth?: number;
}

export async function svgToPng(svg: string, options: PngOptions = {}): Promise<Buffer> {
	const { Resvg } = await import("@resvg/resvg-js");
	const zoom = options.zoom ?? 1.5;
	const maxWidth = options.maxWidth ?? 2400;
	// Graphviz sizes the SVG in points; resvg renders at 96 dpi (1 pt = 4/3 px).
	const width = (Number(/<svg[^>]*\bwidth="([\d.]+)pt"/.exec(svg)?.[1] ?? 0) * 4) / 3;
	const fitTo =
		width * zoom > maxWidth
			? { mode: "width" as const, value: maxWidth }
			: { mode: "zoom" as const, value: zoom };
	const resvg = new Resvg(svg, {
		fitTo,
		background: "#ffffff",
		font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" },
	});
	return resvg.render().asPng();
}

export async function dotToPng(dot: string, options: PngOptions = {}): Promise<Buffer> {
	return await svgToPng(await dotToSvg(dot), options);
}

export interface ChainsPngOptions extends ModelOptions, PngOptions {
	title?: string;
}

/** Render an answer's chains (`AskResponse.chains`) to a PNG in memory. */
export async function chainsPng(chains: readonly Chain[], options: ChainsPngOptions = {}): Promise<Buffer> {
	return dotToPng(modelDot(buildDiagramModel(chains, options), options.title), options);
}

/** Render an answer's chains to a PNG file (what `codeask ask --diagram FILE` writes). Returns its size in bytes. */
export async function renderChainsPng(
	chains: readonly Chain[],
	file: string,
	options: ChainsPngOptions = {},
): Promise<number> {
	const png = await chainsPng(chains, options);
	makeDirs(dirname(file));
	writeFileSync(file, png);
	return png.length;
}

/** Render an overview's package graph to a PNG in memory. */
export async function packageGraphPng(
	data: PackageGraphSource,
	options: PackageGraphOptions & PngOptions = {},
): Promise<Buffer> {
	return dotToPng(packageGraphDot(data, options), options);
}

/** Render an overview's package graph to a PNG file. Returns its size in bytes. */
export async function renderPackageGraphPng(
	data: PackageGraphSource,
	file: string,
	options: PackageGraphOptions & PngOptions = {},
): Promise<number> {
	const png = await packageGraphPng(data, options);
	makeDirs(dirname(file));
	writeFileSync(file, png);
	return png.length;
}
