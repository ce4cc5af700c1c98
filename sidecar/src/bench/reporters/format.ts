/** Number formatting shared by the console and Markdown reporters. */
import type { MetricKey } from "../report.js";

export const fmtRatio = (v: number | null | undefined) => (typeof v === "number" ? v.toFixed(2) : "n/a");

export function fmtMetric(key: MetricKey, v: number | null | undefined): string {
	if (typeof v !== "number") return "n/a";
	if (key === "wallMs") return `${Math.round(v)}`;
	if (
		key === "requests" ||
		key === "tokensIn" ||
		key === "tokensOut" ||
		key === "materialTokens" ||
		key === "answerChars"
	)
		return Number.isInteger(v) ? `${v}` : v.toFixed(1);
	return v.toFixed(2);
}

export function fmtDelta(key: MetricKey, v: number | null | undefined): string {
	if (typeof v !== "number") return "";
	if (Math.abs(v) < 1e-9) return "±0";
	const s = fmtMetric(key, Math.abs(v));
	return v > 0 ? `+${s}` : `−${s}`;
}
